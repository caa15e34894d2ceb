package.path = os.getenv("WRK_DIR") .. "/?.lua;" .. package.path
require("common")
