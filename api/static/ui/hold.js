// A gesture under way (a card being dragged) holds the shell's redraws back: replacing the
// elements would drop what is under the finger. The shell redraws once the pointer is up.

let held = false;

export function holdRedraws(hold) {
  held = hold;
}

export function redrawsHeld() {
  return held;
}
