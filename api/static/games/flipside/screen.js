// Flipside's screens for the shell (the contract is in ../../games.js): the table with the
// player's exchange and orientation, each round's showdown, the end, and the record.

import { foldRounds } from "./history.js";
import { TEXT } from "./i18n.js";
import { moveCard, orientedCards, syncLayout, turnAll, turnCard } from "./layout.js";
import { announce } from "./live.js";
import { endScreen } from "./ui/end.js";
import { exchangeArea, orientationArea } from "./ui/play.js";
import { recordPanel as roundsPanel } from "./ui/record.js";
import { showdownScreen } from "./ui/showdown.js";
import { table, tableCentre } from "./ui/table.js";

export const texts = TEXT;

export const stylesheet = new URL("style.css", import.meta.url).href;

// A phone held upright fits four seats at most (the source's site offers 3-4 there).
export const narrowSeats = 4;

export const foldRecord = foldRounds;

// What the player is doing that only this page knows: cards marked for discard, and seats
// whose exchange just came in on the stream.
export function initial() {
  return { marked: new Set(), fresh: new Set() };
}

// saved: { seenShowdown, layout }, the last showdown the player moved on from and the order
// and turned cards of the hand (R11: private until placed, so kept in the browser only).
export function render(match, host) {
  const { view, record, me, saved } = match;
  const showdown = record.find(
    (round) =>
      round.round > (saved.seenShowdown ?? 0) && round.ended && round.showdowns.up?.placed[me],
  );
  if (showdown && showdown.winner === null) {
    const next = () => {
      host.save({ seenShowdown: showdown.round });
      host.redraw();
    };
    return showdownScreen(showdown, { me, seats: view.seats, act: { next } });
  }
  if (view.status === "finished") {
    // The winner above, and the last showdown, the one that decided the match, below.
    const last = record.findLast((round) => round.showdowns.up);
    const decided = showdownScreen(last, { me, seats: view.seats, act: {} });
    return [endScreen(view, { me, act: { playAgain: host.playAgain, top: host.top } }), decided];
  }
  host.save({ layout: syncLayout(saved.layout, view.round, view.seats[me].cards) });
  const { marked } = match.local;
  for (const card of marked) if (!saved.layout.order.includes(card)) marked.delete(card);
  const context = {
    view,
    me,
    layout: saved.layout,
    marked,
    busy: match.busy,
    act: moves(match, host),
  };
  return [
    table(view, me, match.local.fresh),
    tableCentre(view),
    view.phase === "exchange" ? exchangeArea(context) : orientationArea(context),
  ];
}

// The player's gestures on their own cards, and their moves (R10-R11).
function moves({ saved, local }, host) {
  const keep = (layout) => {
    host.save({ layout });
    host.redraw();
  };
  const send = async (action) => {
    if (await host.move(action)) local.marked.clear();
  };
  return {
    toggleMark(index) {
      const card = saved.layout.order[index];
      if (!local.marked.delete(card)) local.marked.add(card);
      host.redraw();
    },
    turn: (index) => keep(turnCard(saved.layout, saved.layout.order[index])),
    move: (from, to) => keep(moveCard(saved.layout, from, to)),
    turnAll: () => keep(turnAll(saved.layout)),
    exchange() {
      const discard = saved.layout.order.filter((card) => local.marked.has(card));
      send({ kind: "exchange", discard });
    },
    keepAll: () => send({ kind: "exchange", discard: [] }),
    place: () => send({ kind: "orientation", cards: orientedCards(saved.layout) }),
  };
}

export function recordPanel({ record, me, view }) {
  return roundsPanel(record, { me, seats: view.seats });
}

export function onEvent(event, host) {
  if (event.type === "CardsExchanged" && event.data.seat !== host.current().me) {
    announce(event.data, host);
  }
}
