// The locations module's front door: what other modules may use of it.
export { distanceMiles, distanceMilesSql } from './distance';
export { nearOrigin, type NearOrigin } from './near';
export { lookupZip } from './zipcodes';
