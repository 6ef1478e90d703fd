/** Spec 000 §9: the gallery zooms by 0.2 a click; a pinch stays between 1 and 3. */
const ZOOM_STEP = 0.2;
const ZOOM_MIN = 0.2;
const ZOOM_MAX = 3;
const PINCH_MIN = 1;

const round = (value: number) => Math.round(value * 10) / 10;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export const zoomIn = (scale: number) => clamp(round(scale + ZOOM_STEP), ZOOM_MIN, ZOOM_MAX);
export const zoomOut = (scale: number) => clamp(round(scale - ZOOM_STEP), ZOOM_MIN, ZOOM_MAX);

/** The scale while two fingers move apart or together, from the scale and finger distance at the start. */
export const pinchScale = (startScale: number, startDistance: number, distance: number) =>
  clamp(startScale * (distance / startDistance), PINCH_MIN, ZOOM_MAX);
