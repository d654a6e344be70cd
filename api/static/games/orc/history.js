// The match's record, folded per round from the events this seat may read (GET /events and
// the stream: { version, type, data }): what the round result and the record show.

// Returns { rounds, winners, places, chips, pot }; rounds oldest first.
export function foldRounds(events) {
  const record = { rounds: [], winners: null, places: null, chips: null, pot: 0 };
  let round = null;
  for (const { type, data } of events) {
    if (type === "RoundStarted") {
      round = { round: data.round, fee: data.fee, potIn: data.pot, moves: [], openings: null, tiebreaks: [], starts: [], award: null, ended: null, chipsBefore: null };
      record.rounds.push(round);
    } else if (type === "MatchEnded") {
      Object.assign(record, { winners: data.winners, places: data.places, chips: data.chips, pot: data.pot });
    } else if (round) {
      foldEvent(round, type, data);
    }
  }
  return record;
}

function foldEvent(round, type, data) {
  const moves = round.moves;
  switch (type) {
    case "ChipsPaid": {
      if (round.chipsBefore === null) round.chipsBefore = [];
      if (data.reason === "fee") round.chipsBefore[data.seat] = data.chips + data.paid;
      const last = moves.at(-1);
      if (data.reason === "fee") moves.push({ kind: "fee", seat: data.seat, paid: data.paid, shortfall: data.shortfall });
      else if (last && last.seat === data.seat) Object.assign(last, { paid: data.paid, shortfall: data.shortfall });
      break;
    }
    case "OpeningRevealed":
      round.openings = data.numbers;
      data.numbers.forEach((number, seat) => moves.push({ kind: "open", seat, number }));
      break;
    case "TieBreakRevealed":
      round.tiebreaks.push(data);
      data.seats.forEach((seat, index) => {
        const number = data.numbers[index];
        const kind = number === null ? "nothing" : data.stacked[index] ? "stack" : "tiebreak";
        moves.push({ kind, seat, number });
      });
      break;
    case "StartPlayerChosen":
      round.starts.push(data);
      moves.push({ kind: "start", seat: data.seat, by: data.by, phase: data.phase });
      break;
    case "ActionPhaseStarted":
      moves.push({ kind: "phase", phase: data.phase, order: data.turn_order });
      break;
    case "CardDrawn":
      moves.push({ kind: data.busted ? "bust" : "draw", seat: data.seat, number: data.number });
      break;
    case "GaveUp":
      moves.push({ kind: "give_up", seat: data.seat, cost: data.cost });
      break;
    case "TurnPassed":
      moves.push({ kind: "pass", seat: data.seat });
      break;
    case "TurnTimedOut":
      moves.push({ kind: "timeout", seat: data.seat });
      break;
    case "ActionCardsDiscarded":
      moves.push({ kind: "discard", count: data.count });
      break;
    case "PotAwarded":
      round.award = data;
      break;
    case "RoundEnded":
      round.ended = data;
      break;
  }
}
