export interface Answer {
  id: string;
  question: string;
  answer: readonly string[];
}

/** Questions and their answers, each a heading other pages link to by its anchor (`/questions#<id>`). */
export function AnswerList({ items }: { items: readonly Answer[] }) {
  return (
    <div className="divide-y divide-line border-y border-line">
      {items.map((item) => (
        <section key={item.id} id={item.id} aria-labelledby={`${item.id}-heading`} className="py-8 sm:py-10">
          <div className="grid gap-3 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-16">
            <h3 id={`${item.id}-heading`} className="font-display text-xl font-semibold text-navy-900 sm:text-2xl">
              {item.question}
            </h3>
            <div className="grid gap-3 text-body">
              {item.answer.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </div>
        </section>
      ))}
    </div>
  );
}
