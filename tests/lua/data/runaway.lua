-- A lesson whose file never finishes loading.
local n = 0
while true do
  n = n + 1
end
return lesson { id = "never", steps = {} }
