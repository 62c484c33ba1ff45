import { describe, expect, it } from "vitest";
import { outlinedBoundaries } from "./outlined-boundaries";

describe("outlinedBoundaries", () => {
  it("finds the marks of a Suspense boundary React streamed out of place (as on the HubSpot build of 267a54c)", () => {
    const outlined =
      '<main><!--$?--><template id="r11B:0"></template><!--/$--></main>' +
      '<div hidden id="r11S:0"><p>Build Your Dream Team</p></div><script>$RC=function(b,c){};$RC("r11B:0","r11S:0")</script>';
    expect(outlinedBoundaries(outlined)).toHaveLength(4);
  });

  it("accepts boundaries rendered in place, as renderToString writes them", () => {
    const inPlace = '<main><!--$--><div class="panel"><p>Build Your Dream Team</p></div><!--/$--></main>';
    expect(outlinedBoundaries(inPlace)).toEqual([]);
  });
});
