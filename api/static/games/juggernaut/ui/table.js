// The table: the set, the phase, the turn order and the other seats (coins, card count,
// the Juggernaut, what each did this set), face down until the results (J42, J43).

import { backs } from "../cards.js";
import { seatName, t } from "../i18n.js";
import { h } from "../../../ui/dom.js";

export function awaited(view) {
  return view.phase === "reveal" ? view.target : view.to_act;
}

// A seat's coins, with whether it could buy gold now (J35, J43).
export function coinLine(view, seat) {
  const price = view.params.goldExchangeSilver;
  return h(
    "span",
    { class: "coins", dataset: { silver: seat.silver, gold: seat.gold } },
    h("span", { class: "silver", title: t("silver") }, `◎${seat.silver}`),
    h("span", { class: "gold", title: t("gold") }, `●${seat.gold}`),
    seat.gold_ready
      ? h("span", { class: "badge ready" }, t("ready"))
      : h("span", { class: "badge short" }, t("short", { n: price - seat.silver })),
  );
}

function facts(seat) {
  return [
    seat.augmented > 0 && h("span", { class: "badge" }, t("augmented", { k: seat.augmented })),
    seat.exchanges > 0 && h("span", { class: "badge" }, t("exchanges", { n: seat.exchanges })),
    seat.named && h("span", { class: `badge ${seat.named}` }, t(seat.named)),
    seat.done && h("span", { class: "badge" }, t("done")),
  ];
}

export function seatHead(view, seat, me) {
  return h(
    "header",
    { class: "seat-line" },
    view.juggernaut === seat.seat && h("span", { class: "crown", title: t("juggernaut") }, "♛"),
    h("span", { class: "name" }, seatName(seat, me)),
    coinLine(view, seat),
  );
}

export function status(view, me) {
  const order = view.turn_order.map((seat) => (seat === me ? t("you") : `#${seat}`)).join(" → ");
  const juggernaut = view.juggernaut === null ? t("noJuggernaut") : `♛ ${seatName(view.seats[view.juggernaut], me)}`;
  return h(
    "section",
    { class: "status", id: "status" },
    h("strong", {}, t("set", { n: view.set_no })),
    h("span", {}, t(`phase_${view.phase}`)),
    h("span", {}, juggernaut),
    h("span", { class: "order" }, order),
    h("span", { class: "muted" }, t("deck", { n: view.deck_count })),
  );
}

export function opponents(view, me) {
  const acting = awaited(view);
  const others = view.turn_order.filter((seat) => seat !== me).map((seat) => view.seats[seat]);
  return h(
    "section",
    { class: "opponents", id: "opponents" },
    others.map((seat) =>
      h(
        "div",
        {
          class: ["seat", "opponent", acting === seat.seat && "acting", view.juggernaut === seat.seat && "juggernaut"].filter(Boolean).join(" "),
          dataset: { seat: seat.seat },
        },
        seatHead(view, seat, me),
        h("div", { class: "hand-line" }, backs(seat.card_count, { small: true }), h("span", { class: "count" }, t("cards", { n: seat.card_count }))),
        h("div", { class: "facts" }, facts(seat)),
      ),
    ),
  );
}
