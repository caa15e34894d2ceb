-- Growth phase: GETs of PATHS (separated by "|", taken in turn) with the HEADERS given as a JSON
-- object of strings (a signed-in portal session's cookie, or an API key pair).
package.path = os.getenv("WRK_DIR") .. "/?.lua;" .. package.path
require("common")
local paths = {}
for path in string.gmatch(os.getenv("PATHS"), "[^|]+") do
  table.insert(paths, path)
end
local headers = { ["Accept-Language"] = "fr" }
for name, value in string.gmatch(os.getenv("HEADERS") or "{}", '"([^"]+)"%s*:%s*"([^"]*)"') do
  headers[name] = value
end
local counter = 0

function request()
  counter = counter + 1
  return wrk.format("GET", paths[(counter % #paths) + 1], headers)
end
