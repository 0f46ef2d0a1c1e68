os.execute("touch /tmp/pwned")
return lesson { id = "escape", steps = {} }
