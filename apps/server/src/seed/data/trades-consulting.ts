import { trade, type TradeSeed } from './trade-types.ts';

/** Design, engineering and management: the people who plan, check and run the work. */
export const CONSULTING_TRADES: TradeSeed[] = [
  trade({
    trade: 'Architect',
    charges: [['Per Day', 3_000, 8_000]],
    businesses: [
      ['Studio Aangan Architects', ['Architect', 'Residential', 'Approvals']],
      ['Vastu Design Atelier', ['Architect', 'Vastu', 'Elevation Design']],
    ],
    about: [
      'Council of Architecture registered practice in {city}, {years} years. Plans, elevations, 3D views and municipal approvals; consultation charged per day.',
      'A studio of {team} in {area} designing climate-friendly homes with Vastu-compliant layouts.',
    ],
    projects: [
      ['Residential', 'G+2 house on a 30 × 40 plot', 'Courtyard home with cross-ventilation in {area}; approvals in six weeks.'],
      ['Commercial', 'Boutique office facade', 'Jaali facade that cuts heat for a small office in {area}.'],
      ['Residential', 'Duplex villa elevation', 'Contemporary elevation with stone cladding and deep balconies.'],
      ['Hospitality', 'Café interior and layout', 'Open kitchen café with seating for 40.'],
    ],
    praise: ['Our plan uses every foot of the plot and still feels open.', 'Got the approvals without any running around.'],
  }),
  trade({
    trade: 'Civil Engineer',
    charges: [['Per Visit', 1_500, 5_000]],
    businesses: [
      ['BuildRight Engineering Consultants', ['Civil Engineer', 'Estimation', 'Quality Checks']],
      ['SiteSure Civil Consultants', ['Civil Engineer', 'Site Inspection', 'BOQ']],
    ],
    about: [
      'Site visits, estimates, BOQs and quality checks by a B.Tech civil engineer with {years} years in {city}.',
      'Independent civil engineering team of {team}: we check your contractor’s work before every pour.',
    ],
    projects: [
      ['Residential', 'Estimate and BOQ for a G+1 house', 'Detailed quantities and cost estimate for a house in {area}.'],
      ['Residential', 'Pre-pour slab inspection', 'Checked steel spacing, cover and centring before the roof slab.'],
      ['Commercial', 'Quality audit of a showroom build', 'Cube tests and rebound hammer checks in {area}.'],
      ['Renovation', 'Crack survey of an old house', 'Mapped cracks and advised repairs before renovation.'],
    ],
    praise: ['His checks saved us from a bad slab pour.', 'Estimate was accurate within 5%.'],
  }),
  trade({
    trade: 'Structural Engineer',
    charges: [['Per Visit', 2_500, 5_000]],
    businesses: [['Pillar Structural Consultants', ['Structural Design', 'Audit', 'Retrofitting']]],
    about: ['Structural design and audits in {city} for {years} years: RCC and steel, retrofitting and stability certificates.'],
    projects: [
      ['Residential', 'Structural design, G+3 apartment', 'Column, beam and footing design with bar bending schedules in {area}.'],
      ['Renovation', 'Adding a floor to an old house', 'Load check and column jacketing so a second floor could be added.'],
      ['Commercial', 'Structural audit of a 25-year-old building', 'Core tests and a repair plan for a building in {area}.'],
    ],
    praise: ['Clear drawings, the contractor had no doubts.', 'Explained the retrofitting in simple words.'],
  }),
  trade({
    trade: 'Site Supervisor',
    charges: [['Per Day', 1_200, 2_000]],
    businesses: [['OnSite Supervision Services', ['Supervisor', 'Quality', 'Daily Reports']]],
    about: ['Full-time site supervision with photo reports every evening. {years} years across {city}.'],
    projects: [
      ['Residential', 'Supervision of a G+2 house', 'Daily supervision from foundation to handover in {area}.'],
      ['Commercial', 'Interior fit-out supervision', 'Coordinated five trades for an office fit-out.'],
      ['Residential', 'Material tracking for a villa', 'Stock register and wastage control for a villa in {area}.'],
    ],
    praise: ['Daily WhatsApp reports kept us informed from abroad.', 'Caught material wastage early.'],
  }),
  trade({
    trade: 'Survey Engineer',
    charges: [['Per Visit', 2_500, 6_000]],
    businesses: [['Precision Land Surveyors', ['Land Survey', 'Total Station', 'Levelling']]],
    about: ['Total-station land surveys, contour maps and building set-out in {city}. {years} years, licensed surveyors.'],
    projects: [
      ['Residential', 'Plot survey and boundary marking', 'Total-station survey and pillars for a plot in {area}.'],
      ['Industrial', 'Contour survey for a warehouse', 'Contours at 0.5 m for a 2-acre site.'],
      ['Residential', 'Building set-out', 'Marked column centres for a G+2 house.'],
    ],
    praise: ['Boundary dispute settled with their survey.', 'Accurate set-out, columns exactly on grid.'],
  }),
  trade({
    trade: 'MEP Consultant',
    charges: [['Per Visit', 2_500, 5_000]],
    businesses: [['MEPro Consultants', ['MEP Design', 'Plumbing Design', 'Electrical Design']]],
    about: ['Mechanical, electrical and plumbing design for homes and offices in {city}; {years} years of coordinated drawings.'],
    projects: [
      ['Commercial', 'MEP design for a clinic', 'Electrical load, plumbing and AC layouts for a clinic in {area}.'],
      ['Residential', 'Villa services layout', 'Coordinated drawings so no pipe fights a beam.'],
      ['Hospitality', 'Restaurant kitchen services', 'Exhaust, gas line and drainage design.'],
    ],
    praise: ['Drawings were clear and the contractors followed them easily.', 'Saved us costly rework.'],
  }),
  trade({
    trade: 'Project Manager',
    charges: [['Per Day', 3_000, 6_000]],
    businesses: [['Milestone Project Managers', ['Project Management', 'Budgeting', 'Scheduling']]],
    about: ['We run your build: schedules, budgets, vendor payments and weekly reviews. {years} years in {city}.'],
    projects: [
      ['Residential', 'Turnkey villa delivery', 'Managed a villa in {area} from approvals to handover in 14 months.'],
      ['Commercial', 'Office fit-out in eight weeks', 'Scheduled 12 vendors for a 6000 sq ft office.'],
      ['Renovation', 'Apartment renovation', 'Budget-controlled renovation of a 3BHK in {area}.'],
    ],
    praise: ['Finished on time and within budget.', 'Weekly reviews kept everyone honest.'],
  }),
  trade({
    trade: 'HVAC Engineer',
    charges: [['Per Visit', 600, 1_800]],
    businesses: [
      ['CoolAir HVAC Engineers', ['HVAC', 'AC Installation', 'Technician']],
      ['Breeze Climate Systems', ['HVAC', 'Ducting', 'Mechanic']],
    ],
    about: [
      'AC installation, servicing and VRV design in {city}. {years} years, all major brands.',
      'Ducting and ventilation for homes and offices by a team of {team} from {area}.',
    ],
    projects: [
      ['Commercial', 'VRV system for an office', 'VRV design and installation for a 4000 sq ft office in {area}.'],
      ['Residential', 'Split AC piping during construction', 'Concealed copper piping for five split ACs.'],
      ['Hospitality', 'Kitchen exhaust ducting', 'GI ducting and fresh-air fan for a restaurant.'],
    ],
    praise: ['AC cools much better after their service.', 'Concealed piping done neatly before plastering.'],
  }),
  trade({
    trade: 'Safety Engineer',
    charges: [['Per Visit', 2_000, 4_000]],
    businesses: [['Suraksha Safety Consultants', ['Site Safety', 'Audit', 'Training']]],
    about: ['Site safety plans, audits and toolbox training for builders in {city}; {years} years.'],
    projects: [
      ['Commercial', 'Safety audit of a G+7 site', 'Scaffolding, edge protection and PPE audit in {area}.'],
      ['Industrial', 'Fire safety plan for a warehouse', 'Extinguishers, exits and drills.'],
      ['Residential', 'Worker safety training', 'Toolbox talks for 40 workers on an apartment site.'],
    ],
    praise: ['Our site is much safer now.', 'Practical training the workers understood.'],
  }),
  trade({
    trade: 'Contractor',
    charges: [['Per Day', 2_500, 5_000]],
    businesses: [
      ['Griha Nirmaan Constructions', ['Contractor', 'Turnkey Homes', 'Renovation']],
      ['Skyline Builders & Contractors', ['Contractor', 'Commercial', 'Civil Works']],
    ],
    about: [
      'Turnkey construction of independent houses in {city}, {years} years and 60+ homes handed over. Consultation charged per day.',
      'Civil contractor with a team of {team}: structure, masonry, plumbing and finishing under one contract.',
    ],
    projects: [
      ['Residential', 'G+2 independent house', 'Built a 3600 sq ft house in {area} from foundation to painting.'],
      ['Commercial', 'Row of six shops', 'RCC frame and finishing for shops on a main road in {area}.'],
      ['Renovation', 'Complete 3BHK renovation', 'New flooring, kitchen, bathrooms and wiring in ten weeks.'],
      ['Residential', 'Farmhouse with Mangalore tile roof', 'Sloping roof farmhouse outside {city}.'],
    ],
    praise: ['Handed over the house exactly as promised.', 'Transparent billing, no surprises.'],
  }),
  trade({
    trade: 'Interior Designer',
    charges: [['Per Day', 3_000, 7_000]],
    businesses: [
      ['Design Nest Interiors', ['Interior Design', 'Modular Kitchen', 'Living Rooms']],
      ['Anvaya Interior Studio', ['Interior Design', 'Offices', 'Lighting Design']],
    ],
    about: [
      'Homes and offices designed from concept to handover in {city}. {years} years, 3D views before we build.',
      'A studio of {team} in {area}: warm, practical interiors for apartments and villas.',
    ],
    projects: [
      ['Residential', '3BHK apartment interiors', 'Warm wood and white interiors with a modular kitchen in {area}.'],
      ['Commercial', 'Co-working space', 'Flexible desks and phone booths for 60 people.'],
      ['Residential', 'Kids bedroom makeover', 'Bunk bed, study nook and playful wallpaper.'],
      ['Hospitality', 'Boutique homestay', 'Four rooms with local crafts and cane furniture.'],
    ],
    praise: ['The 3D view matched the final result.', 'Understood our taste and budget perfectly.'],
  }),
  trade({
    trade: 'Waterproofing Consultant',
    charges: [['Per Visit', 1_000, 2_500]],
    businesses: [['DryHome Waterproofing', ['Waterproofing', 'Terrace', 'Basement']]],
    about: ['Leak diagnosis and waterproofing of terraces, bathrooms and basements in {city}; {years} years, 5-year warranty.'],
    projects: [
      ['Residential', 'Terrace waterproofing', 'Elastomeric coating with mesh on a 1200 sq ft terrace in {area}.'],
      ['Renovation', 'Bathroom leak without breaking tiles', 'Grout injection that stopped a leak to the flat below.'],
      ['Commercial', 'Basement seepage treatment', 'Crystalline treatment for a basement car park.'],
    ],
    praise: ['No leak this monsoon for the first time in years.', 'Diagnosed the real source of the seepage.'],
  }),
  trade({
    trade: 'Acoustic Consultant',
    charges: [['Per Visit', 2_000, 5_000]],
    businesses: [['SoundSpace Acoustics', ['Acoustics', 'Home Theatre', 'Soundproofing']]],
    about: ['Home theatres, studios and soundproof rooms designed and measured in {city}; {years} years.'],
    projects: [
      ['Residential', 'Home theatre room', '7.1 theatre with acoustic panels and bass traps in {area}.'],
      ['Commercial', 'Conference room soundproofing', 'Double drywall and door seals for a boardroom.'],
      ['Residential', 'Music practice room', 'Drum room with a floating floor.'],
    ],
    praise: ['Traffic noise is gone from the bedroom.', 'The theatre sounds amazing.'],
  }),
];
