// Cards as the API writes them (O5): the rank (A, 2-12, K) then the symbol (a-g), "10e".

export const SYMBOLS = "abcdefg";
export const GLYPHS = { a: "●", b: "▲", c: "■", d: "◆", e: "★", f: "♥", g: "♣" };
export const DICE = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

export function rankOf(card) {
  return card.slice(0, -1);
}

export function symbolOf(card) {
  return card.slice(-1);
}

// O2: A = 1 and K = 13 for the joker number; the others their number.
export function valueOf(card) {
  const rank = rankOf(card);
  if (rank === "A") return 1;
  if (rank === "K") return 13;
  return Number(rank);
}

// O7, O24: a card of the joker number is a joker.
export function isJoker(card, joker) {
  return joker != null && valueOf(card) === joker;
}
