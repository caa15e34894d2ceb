-- The time zone the portal shows times in (issue 17); Senegal's unless the merchant chooses another.
ALTER TABLE merchants ADD COLUMN time_zone VARCHAR(64) NOT NULL DEFAULT 'Africa/Dakar';
