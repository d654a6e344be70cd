// Flipside's screens for the shell (the contract is in ../../games.js): the table with the
// player's exchange and orientation, each round's showdown, the end, and the record.

import { foldRounds } from "./history.js";
import { TEXT } from "./i18n.js";
import {
  markCard,
  moveCard,
  orientedCards,
  syncLayout,
  turnAll,
  turnCard,
  unmarkAll,
} from "./layout.js";
import { announce, tableScene } from "./live.js";
import { endScreen, outRound } from "./ui/end.js";
import { howToPlay as howTo } from "./ui/how-to.js";
import { exchangeArea, orientationArea, statusLine } from "./ui/play.js";
import { recordPanel as roundsPanel } from "./ui/record.js";
import { showdownScreen, showdownTitle } from "./ui/showdown.js";
import { table, tableCentre } from "./ui/table.js";

export const texts = TEXT;

export const stylesheet = new URL("style.css", import.meta.url).href;

// A phone held upright fits four seats at most (the source's site offers 3-4 there).
export const narrowSeats = 4;

export const foldRecord = foldRounds;

export const howToPlay = howTo;

// What only this page knows: seats whose exchange just came in on the stream, the card the
// player has just turned (it plays its half turn once), and the scene on screen (news of
// exchanges belongs to the scene it came in).
export function initial() {
  return { fresh: new Set(), turning: null, scene: null };
}

// The next showdown the player has not moved on from, or null. Rounds after the player is out
// are shown one by one too, as if watching, unless the player skipped to the end.
function pendingShowdown(record, saved) {
  if (saved.skipped) return null;
  return record.find(
    (round) => round.round > (saved.seenShowdown ?? 0) && round.ended && round.showdowns.up,
  );
}

// saved: { seenShowdown, skipped, layout }: the last showdown the player moved on from,
// whether they skipped to the end, and the order, turned and marked cards of the hand (R10-R11:
// private until sent, so kept in the browser only).
export function render(match, host) {
  const { view, record, me, saved } = match;
  const showdown = pendingShowdown(record, saved);
  if (showdown && showdown.winner === null) {
    enter(match, host, `showdown:${showdown.round}`, showdownTitle(showdown));
    const out = Boolean(outRound(record, me));
    const act = {
      next: () => {
        host.save({ seenShowdown: showdown.round });
        host.redraw();
      },
      skip: out
        ? () => {
            host.save({ skipped: true });
            host.redraw();
          }
        : null,
    };
    return showdownScreen(showdown, { me, seats: view.seats, act });
  }
  if (view.status === "finished") {
    // The winner above, and the last showdown, the one that decided the match, below.
    const last = record.findLast((round) => round.showdowns.up);
    const ending = endScreen(view, {
      me,
      out: outRound(record, me),
      act: { playAgain: host.playAgain, top: host.top },
    });
    enter(match, host, "end", ending.querySelector("#winner").textContent);
    return [ending, showdownScreen(last, { me, seats: view.seats, act: {} })];
  }
  host.save({ layout: syncLayout(saved.layout, view.round, view.seats[me].cards) });
  enter(match, host, tableScene(view.round, view.phase), statusLine(view, me));
  const context = {
    view,
    me,
    layout: saved.layout,
    turning: match.local.turning,
    busy: match.busy,
    act: moves(match, host),
  };
  match.local.turning = null; // turned once: later redraws show it at rest
  return [
    table(view, me, match.local.fresh),
    tableCentre(view),
    view.phase === "exchange" ? exchangeArea(context) : orientationArea(context),
  ];
}

// A new scene hushes the news of the one before (a round's exchanges do not run over its
// orientation or showdown); the status line is read out whenever it changes.
function enter({ local }, host, scene, status) {
  if (local.scene !== scene) {
    local.scene = scene;
    local.fresh.clear();
    host.hush();
  }
  host.status(status);
}

// The player's gestures on their own cards, and their moves (R10-R11).
function moves({ saved, local }, host) {
  const keep = (layout) => {
    host.save({ layout });
    host.redraw();
  };
  const send = async (action) => {
    if (await host.move(action)) host.save({ layout: unmarkAll(host.current().saved.layout) });
  };
  return {
    toggleMark: (index) => keep(markCard(saved.layout, saved.layout.order[index])),
    turn(index) {
      local.turning = saved.layout.order[index];
      keep(turnCard(saved.layout, local.turning));
    },
    move: (from, to) => keep(moveCard(saved.layout, from, to)),
    turnAll: () => keep(turnAll(saved.layout)),
    exchange() {
      const discard = saved.layout.order.filter((card) => saved.layout.marked.includes(card));
      send({ kind: "exchange", discard });
    },
    keepAll: () => send({ kind: "exchange", discard: [] }),
    place: () => send({ kind: "orientation", cards: orientedCards(saved.layout) }),
  };
}

// The record as far as the player has watched: no round after the showdown on screen.
export function recordPanel({ record, me, view, saved }) {
  const showdown = pendingShowdown(record, saved);
  const watched = showdown ? record.filter((round) => round.round <= showdown.round) : record;
  return roundsPanel(watched, { me, seats: view.seats });
}

export function onEvent(event, host) {
  if (event.type === "CardsExchanged" && event.data.seat !== host.current().me) {
    announce(event.data, host);
  }
}
