import { msg } from '@lingui/core/macro';

/** Copy of the About page (the spec's About screen). The figures are the product's claims, not computed. */

export const pillars = [
  { title: msg`Verified professionals`, text: msg`Every engineer, contractor and craftsman is checked for identity, experience and past work before they can take bookings.` },
  { title: msg`Honest materials`, text: msg`Branded cement, steel, bricks and finishes from vendors who publish real prices — no hidden margins, no made-up discounts.` },
  { title: msg`One place to manage it all`, text: msg`Book services, order materials, chat with vendors and track every order from your phone or laptop.` },
];

export const stats = [
  { value: '10,000+', label: msg`Verified craftsmen` },
  { value: '50,000+', label: msg`Projects completed` },
  { value: '25+', label: msg`Cities across India` },
];

export const reasons = [
  { title: msg`Background-checked experts`, text: msg`Identity and work history verified for every professional.` },
  { title: msg`Transparent pricing`, text: msg`Prices in rupees up front, with the service charge shown before you book.` },
  { title: msg`Real reviews`, text: msg`Ratings come only from customers who booked or bought.` },
  { title: msg`Book in minutes`, text: msg`Pick a date and a time slot that suits you — no endless phone calls.` },
  { title: msg`Delivered to site`, text: msg`Materials reach your site from vendors near you.` },
  { title: msg`Chat with vendors`, text: msg`Ask questions and share drawings before you commit.` },
  { title: msg`Flexible payments`, text: msg`Card, UPI, net banking or cash — whatever works for you.` },
  { title: msg`Support that answers`, text: msg`A Hyderabad-based team that picks up the phone, seven days a week.` },
];

export const serviceHighlights = [
  { name: 'Civil Engineer', slug: 'civil-engineer', text: msg`Site visits, estimates and quality checks.` },
  { name: 'Architect', slug: 'architect', text: msg`Plans, elevations and municipal approvals.` },
  { name: 'Contractor', slug: 'contractor', text: msg`End-to-end construction, foundation to handover.` },
  { name: 'Plumber', slug: 'plumber', text: msg`Leaks, fittings and new water lines.` },
  { name: 'Electrician', slug: 'electrician', text: msg`Wiring, repairs and installations.` },
  { name: 'Interior Designer', slug: 'interior-designer', text: msg`Homes and offices, from concept to finish.` },
];

export const testimonials = [
  { quote: msg`We found a civil engineer and a contractor for our G+2 house in Kukatpally within a week. The site visits were on time and the estimates were spot on.`, name: 'Ramesh Reddy', place: msg`Homeowner, Hyderabad` },
  { quote: msg`Ordering cement and TMT bars here saved us days of running between dealers. The prices were exactly what the page said.`, name: 'Sneha Kulkarni', place: msg`Project owner, Pune` },
  { quote: msg`The plumber I booked fixed a terrace leak two others could not. Booking a slot took less than five minutes.`, name: 'Mohammed Irfan', place: msg`Homeowner, Bengaluru` },
];

export const team = [
  { name: 'Arjun Mehta', role: msg`Co-founder & CEO`, bio: msg`Civil engineer from IIT Bombay; fifteen years building homes and offices across Maharashtra.` },
  { name: 'Priya Raghavan', role: msg`Co-founder & CTO`, bio: msg`Built marketplace platforms used by millions of Indian households.` },
  { name: 'Vikram Singh', role: msg`Head of Operations`, bio: msg`Runs vendor verification and on-site quality across our 25+ cities.` },
];
