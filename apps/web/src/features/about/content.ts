/** Copy of the About page (the spec's About screen). The figures are the product's claims, not computed. */

export const pillars = [
  { title: 'Verified professionals', text: 'Every engineer, contractor and craftsman is checked for identity, experience and past work before they can take bookings.' },
  { title: 'Honest materials', text: 'Branded cement, steel, bricks and finishes from vendors who publish real prices — no hidden margins, no made-up discounts.' },
  { title: 'One place to manage it all', text: 'Book services, order materials, chat with vendors and track every order from your phone or laptop.' },
];

export const stats = [
  { value: '10,000+', label: 'Verified craftsmen' },
  { value: '50,000+', label: 'Projects completed' },
  { value: '25+', label: 'Cities across India' },
];

export const reasons = [
  { title: 'Background-checked experts', text: 'Identity and work history verified for every professional.' },
  { title: 'Transparent pricing', text: 'Prices in rupees up front, with the service charge shown before you book.' },
  { title: 'Real reviews', text: 'Ratings come only from customers who booked or bought.' },
  { title: 'Book in minutes', text: 'Pick a date and a time slot that suits you — no endless phone calls.' },
  { title: 'Delivered to site', text: 'Materials reach your site from vendors near you.' },
  { title: 'Chat with vendors', text: 'Ask questions and share drawings before you commit.' },
  { title: 'Flexible payments', text: 'Card, UPI, net banking or cash — whatever works for you.' },
  { title: 'Support that answers', text: 'A Hyderabad-based team that picks up the phone, seven days a week.' },
];

export const serviceHighlights = [
  { name: 'Civil Engineer', slug: 'civil-engineer', text: 'Site visits, estimates and quality checks.' },
  { name: 'Architect', slug: 'architect', text: 'Plans, elevations and municipal approvals.' },
  { name: 'Contractor', slug: 'contractor', text: 'End-to-end construction, foundation to handover.' },
  { name: 'Plumber', slug: 'plumber', text: 'Leaks, fittings and new water lines.' },
  { name: 'Electrician', slug: 'electrician', text: 'Wiring, repairs and installations.' },
  { name: 'Interior Designer', slug: 'interior-designer', text: 'Homes and offices, from concept to finish.' },
];

export const testimonials = [
  { quote: 'We found a civil engineer and a contractor for our G+2 house in Kukatpally within a week. The site visits were on time and the estimates were spot on.', name: 'Ramesh Reddy', place: 'Homeowner, Hyderabad' },
  { quote: 'Ordering cement and TMT bars here saved us days of running between dealers. The prices were exactly what the page said.', name: 'Sneha Kulkarni', place: 'Project owner, Pune' },
  { quote: 'The plumber I booked fixed a terrace leak two others could not. Booking a slot took less than five minutes.', name: 'Mohammed Irfan', place: 'Homeowner, Bengaluru' },
];

export const team = [
  { name: 'Arjun Mehta', role: 'Co-founder & CEO', bio: 'Civil engineer from IIT Bombay; fifteen years building homes and offices across Maharashtra.' },
  { name: 'Priya Raghavan', role: 'Co-founder & CTO', bio: 'Built marketplace platforms used by millions of Indian households.' },
  { name: 'Vikram Singh', role: 'Head of Operations', bio: 'Runs vendor verification and on-site quality across our 25+ cities.' },
];
