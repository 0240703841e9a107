const steps = [
  { title: 'Tell us what you need', text: 'Search a material or pick a service category — from cement and TMT bars to architects and plumbers.' },
  { title: 'Compare verified options', text: 'See prices in rupees, ratings from real customers, past projects and vendor stores side by side.' },
  { title: 'Book or order', text: 'Choose a date and time slot for a professional, or add materials to your cart and check out.' },
  { title: 'Track and review', text: 'Follow your orders and bookings, chat with vendors, and rate the work when it is done.' },
];

export function HowItWorks() {
  return (
    <section className="section section-muted" aria-labelledby="how-title">
      <div className="container">
        <div className="section-head text-center">
          <h2 id="how-title" className="section-title">How It Works</h2>
          <p className="section-sub">From the first search to the finished job, in four simple steps.</p>
        </div>
        <ol className="steps row g-3 g-lg-4 list-unstyled mb-0">
          {steps.map((s, i) => (
            <li key={s.title} className="col-sm-6 col-lg-3">
              <div className="step h-100">
                <span className="step-number" aria-hidden="true">{i + 1}</span>
                <h3 className="h6 fw-bold mt-3 mb-2">{s.title}</h3>
                <p className="mb-0 text-body-secondary small">{s.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
