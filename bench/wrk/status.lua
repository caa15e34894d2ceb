-- M2: status reads of existing payments, spread over the applications.
package.path = os.getenv("WRK_DIR") .. "/?.lua;" .. package.path
require("common")
local payments = load_payments()
local counter = 0

function request()
  counter = counter + 1
  local p = payments[(counter % #payments) + 1]
  return wrk.format("GET", "/api/v1/" .. p[1] .. "/payments/" .. p[4] .. "/status/", {
    ["X-Api-Key"] = p[2], ["X-Api-Secret"] = p[3] })
end
