// hls.js's light build (no in-manifest subtitles, alternate audio or DRM: under the 500 kB chunk
// budget, which the full build is not) has the full build's API; its package gives it no types.
declare module 'hls.js/light' {
  export { default } from 'hls.js';
}
