// What the browser keeps between visits (the source's site: "a match survives closing the
// page"): the match in progress, { matchId, token, seat, game, players, level, options,
// screen }, with its seat token and its game screen's own state (Flipside: the order and the
// turned cards of the hand, private to the player and never sent until placed).

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
