// What the browser keeps between visits (the source's site: "a match survives closing the
// page"): the match in progress with its seat token, and this seat's own card layout (order
// and which cards are turned), which is private to the player and never sent until placed.

const MATCH_KEY = "flipside.match";

export function savedMatch() {
  try {
    return JSON.parse(localStorage.getItem(MATCH_KEY)) || null;
  } catch {
    return null;
  }
}

export function saveMatch(match) {
  localStorage.setItem(MATCH_KEY, JSON.stringify(match));
}

export function updateMatch(changes) {
  const match = savedMatch();
  if (match) saveMatch({ ...match, ...changes });
}

export function forgetMatch() {
  localStorage.removeItem(MATCH_KEY);
}
