// The match's record, folded per deal from the events this seat may read (GET /events and
// the stream: { version, type, data }): what the deal result screen and the record show.

// Returns { target, deals, winner }; deals oldest first.
export function foldDeals(events) {
  const record = { target: 15, deals: [], winner: null };
  let deal = null;
  for (const { type, data } of events) {
    if (type === "MatchCreated") {
      record.target = data.target;
    } else if (type === "DealStarted") {
      deal = {
        deal: data.deal,
        startSeat: data.start_seat,
        joker: data.joker,
        dealt: [[], []],
        moves: [],
        reveals: [],
        decided: null,
        captured: null,
        ended: false,
      };
      record.deals.push(deal);
    } else if (type === "MatchEnded") {
      record.winner = data.winner;
    } else if (deal) {
      foldMove(deal, type, data);
    }
  }
  return record;
}

function foldMove(deal, type, data) {
  switch (type) {
    case "CardsDealt":
      data.cards.forEach((cards, seat) => deal.dealt[seat].push(...cards));
      break;
    case "CardsChanged":
      deal.moves.push({ kind: "change", seat: data.seat, cards: data.discarded, drawn: data.drawn });
      break;
    case "DieRolled":
      deal.moves.push({ kind: "roll", seat: data.seat, face: data.face, joker: data.joker });
      break;
    case "Knocked":
    case "Passed":
    case "Oinked":
    case "TurnTimedOut":
      deal.moves.push({ kind: MOVE_KINDS[type], seat: data.seat });
      break;
    case "Accepted":
      deal.moves.push({ kind: "accept", seat: data.seat, prep: data.prep });
      break;
    case "HandRevealed":
      deal.reveals.push(data);
      break;
    case "DealDecided":
      deal.decided = data;
      break;
    case "CardsCaptured":
      deal.captured = data;
      break;
    case "DealEnded":
      deal.ended = true;
      break;
  }
}

const MOVE_KINDS = { Knocked: "knock", Passed: "pass", Oinked: "oink", TurnTimedOut: "timeout" };
