// What every generated illustration draws with: the brand's palette (app/styles/app.css's
// tokens, and the few accents the scenes add) and a seeded random source.

/** A small deterministic PRNG so the art is identical on every run. */
export function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

export const palette = {
  navy950: "#06111f",
  navy900: "#0b1f3a",
  navy800: "#12294a",
  navy700: "#1b3a66",
  navy600: "#24508c",
  navy100: "#e4ebf5",
  navy50: "#f3f6fb",
  gold600: "#8a6420",
  gold500: "#b8893b",
  gold300: "#dcc08a",
  gold100: "#f5ecd9",
  paper: "#fbfaf6",
  teal: "#0f766e",
  tealMid: "#14917f",
  tealLight: "#5eead4",
  coral: "#e76f51",
  sky: "#8fb8ef",
  /** The network's blue: its rings and the people in it. */
  link: "#4f86d9",
  /** A person's figure inside a node of the network. */
  figure: "#8fa6c9",
};
