/** The heading above the request form, naming what the visitor sends, and the line under it. */
export function FormIntro({ heading, lead }: { heading: string; lead: string }) {
  return (
    <>
      <h2 className="text-xl font-semibold tracking-tight">{heading}</h2>
      <p className="mt-1.5 mb-6 text-sm text-muted">{lead}</p>
    </>
  );
}
