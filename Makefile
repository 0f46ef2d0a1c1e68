# Thin wrapper over meson. `make run`: install missing packages, build, start arbiterd with the
# bundled lessons. `make test`: the whole test suite. SANITIZE=1 uses an ASan+UBSan build. The
# packages each needs are the one list in scripts/deps (build, --test, --bench), as for CI.
ifeq ($(SANITIZE),1)
BUILD ?= build-asan
MESON_OPTS ?= -Dbuildtype=debugoptimized -Db_sanitize=address,undefined -Db_lundef=false
else
BUILD ?= build
MESON_OPTS ?=
endif
LISTEN ?= 127.0.0.1:8080

.PHONY: all deps test-deps run test test-slow bench clean

all: deps $(BUILD)/build.ninja
	ninja -C $(BUILD)

deps:
	@scripts/deps

test-deps:
	@scripts/deps --test

$(BUILD)/build.ninja:
	meson setup $(BUILD) $(MESON_OPTS)

run: all
	@if [ -x $(BUILD)/daemon/arbiterd ]; then \
	  preview=; case "$(LISTEN)" in 127.*|localhost:*|\[::1\]:*) preview=--lesson-preview;; esac; \
	  echo "The playground: http://$(LISTEN)/"; \
	  exec ./$(BUILD)/daemon/arbiterd --listen $(LISTEN) --lessons lessons $$preview; \
	else \
	  echo "arbiterd is not built yet; the CLI is: ./$(BUILD)/cli/arbiter --help"; \
	  ./$(BUILD)/cli/arbiter moves startpos; \
	fi

test: test-deps all
	meson test -C $(BUILD) --print-errorlogs --no-suite slow

test-slow: test-deps all
	meson test -C $(BUILD) --print-errorlogs --suite slow

bench: all
	@scripts/deps --bench
	bench/perft

clean:
	rm -rf build build-asan
