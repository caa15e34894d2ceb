-- M2: status reads of existing payments, spread over the applications.
package.path = os.getenv("WRK_DIR") .. "/?.lua;" .. package.path
require("common")
local payments = {}
for line in io.lines(os.getenv("PAYMENTS")) do
  local ek, key, secret, ref = line:match("^(%S+)%s+(%S+)%s+(%S+)%s+(%S+)")
  if ek then table.insert(payments, {ek, key, secret, ref}) end
end
local counter = 0

function request()
  counter = counter + 1
  local p = payments[(counter % #payments) + 1]
  return wrk.format("GET", "/api/v1/" .. p[1] .. "/payments/" .. p[4] .. "/status/", {
    ["X-Api-Key"] = p[2], ["X-Api-Secret"] = p[3] })
end
