// A few lines instead of a framework: build elements, and swap a region's content.

// h("button", { class: "primary", onclick: go }, "Start"): attributes, `on*` listeners,
// `dataset` entries, and children (strings, nodes, arrays, or null/false to skip).
export function h(tag, attrs = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on")) element.addEventListener(name.slice(2), value);
    else if (name === "dataset") Object.assign(element.dataset, value);
    else element.setAttribute(name, value === true ? "" : value);
  }
  element.append(
    ...children
      .flat(Infinity)
      .filter((child) => child !== null && child !== false && child !== undefined),
  );
  return element;
}

export function replace(parent, ...children) {
  parent.replaceChildren(...children.flat(Infinity).filter(Boolean));
}
