-- Returns a number, then (if it were read with metamethods) a looping table: both refused.
return setmetatable({}, { __index = function() while true do end end })
