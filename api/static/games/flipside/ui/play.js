// The player's own area during a round: the exchange and the orientation.

import { evaluate } from "../cards.js";
import { handName, t } from "../i18n.js";
import { orientedCards, sides } from "../layout.js";
import { cardList } from "./card.js";
import { h } from "../../../ui/dom.js";
import { handRow } from "./row.js";
import { lifePips, seatName, startBadge } from "./table.js";

// The player's own name line: life, and whether this seat starts the round.
function mineHead(view, me) {
  return h(
    "div",
    { class: "mine-head" },
    h("strong", {}, t("you")),
    view.start_seat === me && startBadge(),
    lifePips(view.seats[me].life),
  );
}

// The line that says what the player is waiting for or is to do (the shell reads it out).
export function statusLine(view, me) {
  const mine = view.seats[me];
  if (view.phase === "orientation") return mine.orientation_in ? t("placed") : t("chooseOrientation");
  if (mine.exchanged) return t("statusExchanged", { n: mine.exchanged_count });
  if (view.to_act === me) return t("yourTurn");
  return t("waitingFor", { name: seatName(view.seats[view.to_act], me) });
}

// ctx: { view, me, layout, turning, busy, act } where act holds the screen's actions.
export function exchangeArea({ view, me, layout, turning, busy, act }) {
  const mine = view.seats[me];
  const myTurn = view.to_act === me;
  const count = layout.marked.length;
  return h(
    "section",
    { class: "mine", "aria-label": t("you") },
    mineHead(view, me),
    h("p", { class: "message" }, statusLine(view, me)),
    handRow(orientedCards(layout), {
      marked: new Set(layout.marked),
      turning,
      label: t("you"),
      actions: {
        tap: (i) => myTurn && act.toggleMark(i),
        // The first tap of a double-tap marked the card; looking at it should not.
        doubleTap: (i) => {
          if (myTurn) act.toggleMark(i);
          act.turn(i);
        },
        rotate: (i) => act.turn(i),
        move: (from, to) => act.move(from, to),
      },
    }),
    mine.discarded.length > 0 &&
      h(
        "div",
        { class: "my-discards" },
        h("span", {}, t("discarded")),
        cardList(mine.discarded, { small: true, label: t("discarded") }),
      ),
    h(
      "div",
      { class: "buttons" },
      h(
        "button",
        {
          class: "primary",
          id: "exchange",
          disabled: !myTurn || count === 0 || busy,
          onclick: act.exchange,
        },
        t("exchange", { n: count }),
      ),
      h(
        "button",
        { id: "keep-all", disabled: !myTurn || busy, onclick: act.keepAll },
        t("keepAll"),
      ),
    ),
    h("p", { class: "hint" }, t("hintExchange")),
    h("p", { class: "hint keys-hint" }, t("hintKeys")),
  );
}

// The up and down hands of the cards as they lie now, named live (R15-R16).
function handNames(oriented) {
  const { up, down } = sides(oriented);
  const line = (side, ranks) => {
    const hand = evaluate(ranks);
    return h(
      "div",
      {
        class: `hand-name ${side}`,
        id: `${side}-hand`,
        dataset: { category: hand.category, ranks: ranks.join("") },
      },
      h("span", { class: "side" }, t(side)),
      h("strong", {}, handName(hand)),
    );
  };
  return h(
    "div",
    { class: "hand-names" },
    line("up", up),
    line("down", down),
  );
}

export function orientationArea({ view, me, layout, turning, busy, act }) {
  const mine = view.seats[me];
  if (mine.orientation_in) {
    return h(
      "section",
      { class: "mine" },
      mineHead(view, me),
      h(
        "p",
        { class: "message", tabindex: "-1", "data-autofocus": `placed-${view.round}` },
        statusLine(view, me),
      ),
      cardList(mine.placed || [], { label: t("you") }),
    );
  }
  const oriented = orientedCards(layout);
  return h(
    "section",
    { class: "mine", "aria-label": t("you") },
    mineHead(view, me),
    h("p", { class: "message" }, statusLine(view, me)),
    handRow(oriented, {
      turning,
      label: t("you"),
      actions: {
        tap: () => {},
        doubleTap: (i) => act.turn(i),
        rotate: (i) => act.turn(i),
        press: (i) => act.turn(i),
        move: (from, to) => act.move(from, to),
      },
    }),
    handNames(oriented),
    h(
      "div",
      { class: "buttons" },
      h("button", { id: "rotate-all", onclick: act.turnAll, disabled: busy }, t("rotateAll")),
      h(
        "button",
        {
          class: "primary",
          id: "place",
          onclick: act.place,
          disabled: busy,
          "data-autofocus": `place-${view.round}`,
        },
        t("place"),
      ),
    ),
    h("p", { class: "hint" }, t("hintOrientation")),
    h("p", { class: "hint keys-hint" }, t("hintKeys")),
  );
}
