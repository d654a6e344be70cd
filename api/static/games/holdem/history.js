// The match's record, folded per hand from the events this seat may read (GET /events and the
// stream: { version, type, data }): what the record panel shows.

// Returns { hands }, oldest first; each { hand, button, actions, board, shown, mucked,
// awards, stacks, ended }.
export function foldHands(events) {
  const record = { hands: [] };
  let hand = null;
  for (const { type, data } of events) {
    if (type === "HandStarted") {
      hand = { hand: data.hand, button: data.button, blinds: [data.small_blind, data.big_blind], actions: [], board: [], shown: [], mucked: [], awards: [], stacks: data.stacks, ended: false };
      record.hands.push(hand);
    } else if (hand) {
      foldEvent(hand, type, data);
    }
  }
  return record;
}

function foldEvent(hand, type, data) {
  switch (type) {
    case "ActionTaken":
      hand.actions.push(data);
      break;
    case "BoardDealt":
      hand.board.push(...data.cards);
      hand.actions.push({ street: data.street, board: data.cards });
      break;
    case "HoleCardsShown":
      hand.shown.push(data);
      break;
    case "HandMucked":
      hand.mucked.push(data.seat);
      break;
    case "PotAwarded":
      hand.awards.push(data);
      break;
    case "HandEnded":
      hand.stacks = data.stacks;
      hand.ended = true;
      break;
  }
}
