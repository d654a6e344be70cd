// Texas Hold'em's screens for the shell (the contract is in ../../games.js): the table with
// the player's hole cards, the board, pots and stacks and their moves; each finished hand's
// result; the end; and the record.

import { foldHands } from "./history.js";
import { TEXT } from "./i18n.js";
import { endScreen } from "./ui/end.js";
import { playerArea } from "./ui/play.js";
import { recordPanel as handsPanel } from "./ui/record.js";
import { handResult } from "./ui/result.js";
import { centre, opponents } from "./ui/table.js";
import { h } from "../../ui/dom.js";

export const texts = TEXT;

export const stylesheet = new URL("style.css", import.meta.url).href;

export const narrowSeats = 6;

export const foldRecord = foldHands;

// The amounts being chosen: this page's only state.
export function initial() {
  return { amount: null, autoKind: null, autoTo: null };
}

// saved: { seenHand }, the last hand whose result the player moved on from.
export function render(match, host) {
  const { view, me, saved } = match;
  const seats = view.seats;
  if (view.status === "finished") {
    toggleAuto = null;
    return root(endScreen(view, { me, act: { playAgain: host.playAgain, top: host.top } }), view.previous && handResult(view.previous, { seats, me }));
  }
  const previous = view.previous;
  if (previous && previous.hand > (saved.seenHand ?? 0)) {
    const next = () => {
      host.save({ seenHand: previous.hand });
      host.redraw();
    };
    toggleAuto = null;
    return root(handResult(previous, { seats, me, next }));
  }
  const context = { local: match.local, busy: match.busy, act: moves(match, host) };
  toggleAuto = autoToggle(view, me, context);
  return root(opponents(view, me), centre(view), playerArea(view, me, context));
}

export function recordPanel(match) {
  return handsPanel(match.record, { seats: match.view.seats, me: match.me });
}

// This game's screens hang under one .holdem element, which scopes its stylesheet.
function root(...children) {
  return h("div", { class: "holdem" }, children);
}

function moves({ local }, host) {
  return {
    async move(action) {
      if (await host.move(action)) local.amount = null;
    },
    redraw: host.redraw,
  };
}

// H45: a long press of → sets the chosen auto-bet, or cancels the one pending.
let toggleAuto = null;
let pressed = false;

function autoToggle(view, me, context) {
  const setting = (view.legal ?? []).find((choice) => choice.kind === "set_auto");
  if (!setting) return null;
  if (view.seats[me].auto) return () => context.act.move({ kind: "clear_auto" });
  const kind = setting.actions.includes(context.local.autoKind) ? context.local.autoKind : setting.actions[0];
  const to = context.local.autoTo ?? setting.min;
  return () => context.act.move(kind === "bet_or_raise" ? { kind: "set_auto", action: kind, to } : { kind: "set_auto", action: kind });
}

document.addEventListener("keydown", (event) => {
  if (event.key !== "ArrowRight" || !event.repeat || pressed || !toggleAuto) return;
  pressed = true;
  toggleAuto();
});
document.addEventListener("keyup", (event) => {
  if (event.key === "ArrowRight") pressed = false;
});
