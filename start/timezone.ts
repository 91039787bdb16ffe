/*
| Every instant is handled in UTC; only coupon dates are read and written in STORE_TIMEZONE,
| explicitly, where they are converted.
*/
import { Settings } from 'luxon'

process.env.TZ = 'UTC'
Settings.defaultZone = 'utc'
