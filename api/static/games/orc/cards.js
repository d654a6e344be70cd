// The Pairs deck as the API writes it (K2): a card is its number, 1 to 10, on as many cards as
// it says; what this seat may not see is null.

export const NUMBERS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
export const DECK_SIZE = 55;

// Each number's cards this seat has not seen: not in its hand, its undrawn contribution, or
// any row (stacked cards too).
export function unseen(view, me) {
  const pool = NUMBERS.reduce((counts, n) => ({ ...counts, [n]: n }), {});
  const seen = [...view.seats[me].hand.filter((n) => n !== null)];
  for (const seat of view.seats) seen.push(...seat.row, ...seat.stacked);
  const mine = view.seats[me].contribution;
  if (mine !== null && view.phase === "turn" && !view.drawn.includes(mine)) seen.push(mine);
  if (view.seats[me].sealed !== null) seen.push(view.seats[me].sealed);
  for (const n of seen) pool[n] = Math.max(0, pool[n] - 1);
  return pool;
}

// The chance that drawing now busts this seat (K20): its own undrawn contribution is in the
// action deck; the others' cards are taken as unseen cards at random.
export function bustChance(view, me) {
  const deck = view.action_deck_size;
  if (!deck) return 0;
  const pool = unseen(view, me);
  const total = Math.max(1, NUMBERS.reduce((sum, n) => sum + pool[n], 0));
  const row = new Set(view.seats[me].row);
  const mine = view.seats[me].contribution;
  let mineLeft = 0;
  if (mine !== null) mineLeft = view.drawn.includes(mine) ? deck / Math.max(1, view.contributed) : 1;
  const matching = [...row].reduce((sum, n) => sum + pool[n], 0) / total;
  const expected = (mine !== null && row.has(mine) ? mineLeft : 0) + (deck - mineLeft) * matching;
  return Math.min(1, Math.max(0, expected / deck));
}

// K12.2-3: the numbers a tied seat may lay: those of its hand not in its row, else any.
export function tiebreakNumbers(hand, row) {
  const held = [...new Set(hand)].sort((a, b) => a - b);
  const fresh = held.filter((n) => !row.includes(n));
  return fresh.length ? fresh : held;
}
