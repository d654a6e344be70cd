import { identity } from "./cards.js";

// The match's record, folded per round from the events this seat may read (GET /events and
// the stream): what the showdown screen and the "record" panel show.

// events: [{ version, type, data }] in version order. Returns the rounds, oldest first.
export function foldRounds(events) {
  const rounds = [];
  let lives = [];
  let current = null;
  for (const { type, data } of events) {
    if (type === "MatchCreated") {
      lives = data.seats.map(() => data.start_life ?? 4);
    } else if (type === "RoundStarted") {
      current = {
        round: data.round,
        startSeat: data.start_seat,
        turnOrder: data.turn_order,
        livesBefore: [...lives],
        dealt: [],
        exchanges: [],
        showdowns: {},
        lifeChanges: [],
        eliminated: [],
        ended: false,
        winner: null,
      };
      rounds.push(current);
    } else if (!current) {
      continue;
    } else if (type === "CardsDealt") {
      current.dealt = data.hands;
    } else if (type === "CardsExchanged") {
      current.exchanges.push({ ...data }); // a copy: the showdown fills in its drawn cards
    } else if (type === "ShowdownRevealed") {
      current.showdowns[data.side] = data;
      revealDrawn(current, data);
    } else if (type === "LifeChanged") {
      current.lifeChanges.push(data);
      lives[data.seat] = data.life;
    } else if (type === "SeatEliminated") {
      current.eliminated.push(data);
    } else if (type === "RoundEnded") {
      current.ended = true;
      lives = [...data.lives];
    } else if (type === "MatchEnded") {
      current.winner = data.winner;
    }
  }
  return rounds;
}

// The life a seat gained or lost on one side of a round's showdown.
export function sideDelta(round, seat, side) {
  return round.lifeChanges
    .filter((change) => change.seat === seat && change.side === side)
    .reduce((sum, change) => sum + change.delta, 0);
}

// Life after the round, per seat.
export function livesAfter(round) {
  const lives = [...round.livesBefore];
  for (const change of round.lifeChanges) lives[change.seat] = change.life;
  return lives;
}

// Other seats' drawn cards stay hidden in their exchange events (R10); the showdown shows the
// whole hand, so the drawn cards are the placed ones that were not kept from the deal.
function revealDrawn(round, showdown) {
  for (const exchange of round.exchanges) {
    const placed = showdown.placed[exchange.seat];
    if (!placed || !exchange.drawn.includes(null)) continue;
    const kept = round.dealt[exchange.seat].filter((card) => !exchange.discarded.includes(card));
    const drawn = placed.map(identity).filter((card) => !kept.includes(card));
    Object.assign(exchange, { drawn });
  }
}
