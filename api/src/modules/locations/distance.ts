/** Great-circle distances (haversine) in statute miles. */

/** The Earth's mean radius in miles. */
export const EARTH_RADIUS_MILES = 3958.7613;

export interface LatLng {
  latitude: number;
  longitude: number;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Distance in miles between two points (haversine formula on a sphere). */
export function distanceMiles(a: LatLng, b: LatLng): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The same haversine distance as a PostgreSQL expression from the columns `lat`/`lng` to `origin`
 * (float8 miles; null where a column is null). Its `params` are bound in order of the `?`s.
 */
export function distanceMilesSql(
  lat: string,
  lng: string,
  origin: LatLng,
): { sql: string; params: number[] } {
  return {
    sql: `(2 * ${EARTH_RADIUS_MILES} * asin(least(1, sqrt(
      power(sin(radians(${lat} - ?::float8) / 2), 2)
      + cos(radians(?::float8)) * cos(radians(${lat})) * power(sin(radians(${lng} - ?::float8) / 2), 2)))))`,
    params: [origin.latitude, origin.latitude, origin.longitude],
  };
}
