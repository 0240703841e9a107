import { trade, type TradeSeed } from './trade-types.ts';

/** Hands-on trades: the people on site every day. The first plumber is the demo professional. */
export const SITE_TRADES: TradeSeed[] = [
  trade({
    trade: 'Plumber',
    charges: [['Per Hour', 300, 600], ['Per Visit', 800, 1_500]],
    businesses: [
      ['Goud Plumbing & Sanitary Works', ['Plumber', 'Bathroom Fitting', 'Leak Repair']],
      ['AquaFix Plumbing Services', ['Plumber', 'Leak Repair', 'Water Tank']],
      ['FlowRight Plumbers', ['Plumber', 'CPVC Lines', 'Drainage']],
      ['Sri Sai Plumbing Works', ['Plumber', 'Bathroom Fitting']],
      ['PipeCare Solutions', ['Plumber', 'Motor Pump', 'Mechanic']],
      ['Leak Doctors', ['Plumber', 'Leak Repair', 'Waterproofing']],
      ['Ganga Sanitary Services', ['Plumber', 'Geyser Installation', 'Technician']],
      ['Quick Drain Plumbing', ['Plumber', 'Drainage', 'Sewer Cleaning']],
      ['Jal Seva Plumbers', ['Plumber', 'Borewell', 'Motor Pump']],
    ],
    about: [
      '{years} years of fixing leaks, laying CPVC lines and fitting sanitaryware across {city}. Based in {area}; emergency visits the same day.',
      'Licensed plumbing team of {team} from {area}. New bathroom lines, concealed piping, tank connections and drainage, with a 6-month guarantee on our work.',
    ],
    projects: [
      ['Renovation', 'Bathroom re-piping, 3BHK in {area}', 'Replaced rusted GI lines with concealed CPVC, new diverter and wall-hung closet. Finished in four days.'],
      ['Residential', 'Overhead tank and pump connection', 'Connected a 2000 L tank with a pressure pump for a G+2 house in {area}; no more low pressure on the top floor.'],
      ['Residential', 'Kitchen sink and RO line', 'Shifted the sink to the island, new drain slope and RO inlet for an apartment in {area}.'],
      ['Commercial', 'Washroom block for an office', 'Six closets, urinals and basins with sensor taps for a startup office in {area}.'],
      ['Renovation', 'Leak repair behind tiled wall', 'Traced a concealed leak with a pressure test and fixed it with minimal tile breaking.'],
      ['Residential', 'Rain-water harvesting pit', 'Roof down-pipes led to a filter and recharge pit for an independent house in {area}.'],
    ],
    praise: ['Found the leak in ten minutes and fixed it neatly.', 'Re-did all our bathroom lines, no leaks even after the monsoon.'],
  }),
  trade({
    trade: 'Electrician',
    charges: [['Per Hour', 300, 600], ['Per Visit', 800, 1_500]],
    businesses: [
      ['Bright Spark Electricals', ['Electrician', 'House Wiring', 'Inverter']],
      ['Volt Masters', ['Electrician', 'Panel Board', 'Technician']],
      ['Shakti Electric Works', ['Electrician', 'Fan & Light Fitting']],
      ['SafeWire Electrical Services', ['Electrician', 'Motor Rewinding', 'Mechanic']],
      ['PowerLine Electricians', ['Electrician', 'CCTV', 'Technician']],
    ],
    about: [
      'Licensed electrical contractor with {years} years in {city}. Complete house wiring, DB and MCB upgrades, earthing and inverter connections.',
      'A team of {team} electricians from {area}. We fix tripping MCBs, fit lights and fans, and rewire old houses safely.',
    ],
    projects: [
      ['Renovation', 'Rewiring of a 30-year-old house', 'Replaced aluminium wiring with FR copper, new DB with RCCB for a house in {area}.'],
      ['Residential', 'Cove and profile lighting', 'LED strips in the false ceiling with dimmers for a 3BHK in {area}.'],
      ['Commercial', 'Shop electrical fit-out', 'Three-phase supply, lighting and sockets for a showroom in {area}.'],
      ['Residential', 'Inverter and solar connection', 'Changeover and inverter wiring so essentials run during power cuts.'],
      ['Residential', 'Earthing pit and surge protection', 'Chemical earthing and SPD for a villa in {area}.'],
    ],
    praise: ['Traced the tripping problem quickly and explained everything.', 'Neat concealed wiring, labelled the DB clearly.'],
  }),
  trade({
    trade: 'Painter',
    charges: [['Per Day', 700, 1_200]],
    businesses: [
      ['ColourCraft Painters', ['Painter', 'Interior Painting', 'Texture']],
      ['Rainbow Painting Contractors', ['Painter', 'Exterior Painting', 'Waterproofing']],
      ['Shades & Strokes', ['Painter', 'Texture', 'Wallpaper']],
      ['Perfect Finish Painting Co.', ['Painter', 'Wood Polish', 'Enamel']],
    ],
    about: [
      '{years} years of interior and exterior painting in {city}. Putty, primer and two coats, furniture covered and floors protected.',
      'Painting team of {team} from {area}. Texture walls, stencils, wood polish and damp treatment before paint.',
    ],
    projects: [
      ['Residential', 'Full repaint of a 2BHK', 'Two coats of Royale with putty touch-ups, done in five days while the family lived in.'],
      ['Residential', 'Exterior weather coat, G+3', 'Crack filling and elastomeric exterior paint for a building in {area}.'],
      ['Commercial', 'Office texture feature wall', 'Brand-colour texture wall and enamel doors for an office in {area}.'],
      ['Renovation', 'Teak door polish', 'Stripped and re-polished six teak doors with PU finish.'],
      ['Residential', 'Kids room stencil mural', 'Hand-painted jungle mural with washable paint.'],
    ],
    praise: ['Clean lines, covered all furniture and cleaned up after.', 'The texture wall looks exactly like the sample.'],
  }),
  trade({
    trade: 'Carpenter',
    charges: [['Per Day', 800, 1_400], ['Per Hour', 350, 500]],
    businesses: [
      ['WoodWorks Carpentry', ['Carpenter', 'Modular Furniture']],
      ['Vishwakarma Carpenters', ['Carpenter', 'Doors & Windows', 'Polish']],
      ['TimberCraft Interiors', ['Carpenter', 'Wardrobes', 'Kitchen']],
      ['Fix-It Carpentry', ['Carpenter', 'Repairs', 'Furniture Assembly']],
    ],
    about: [
      'Carpentry by a team of {team} with {years} years of experience in {city}. Wardrobes, kitchens, beds and door fixing.',
      'From {area}: furniture repairs, hinge and channel replacement, and made-to-measure storage.',
    ],
    projects: [
      ['Residential', 'Sliding wardrobe with loft', 'Floor-to-ceiling wardrobe with soft-close sliders in {area}.'],
      ['Residential', 'Modular kitchen installation', 'Fitted 14 ft of base and wall units with tandem drawers.'],
      ['Renovation', 'Main door and frame replacement', 'New teak frame and door with a mortise lock.'],
      ['Commercial', 'Reception desk for a clinic', 'Laminated reception counter with cable management in {area}.'],
      ['Residential', 'Pooja unit with jaali doors', 'CNC-cut jaali pooja unit in white laminate.'],
    ],
    praise: ['Wardrobe finish is as good as a factory one.', 'Came on time and fixed all the loose hinges in one visit.'],
  }),
  trade({
    trade: 'Civil Mason',
    charges: [['Per Day', 700, 1_200]],
    businesses: [
      ['Sri Rama Masonry Works', ['Mason', 'Brickwork', 'Plastering']],
      ['StoneSet Mason Team', ['Mason', 'Tiling', 'Plastering']],
    ],
    about: [
      'Mason team of {team} with helpers, {years} years in {city}. Brickwork, block work, plastering and compound walls.',
      'Skilled masons from {area} for extensions, repairs and neat plaster finishes.',
    ],
    projects: [
      ['Residential', 'Compound wall, 180 ft', 'Block wall with plaster and coping for a plot in {area}.'],
      ['Residential', 'First-floor extension brickwork', 'AAC block walls and plaster for two rooms over an existing house.'],
      ['Renovation', 'Re-plastering of damp walls', 'Removed hollow plaster and re-plastered with waterproof admixture.'],
      ['Commercial', 'Shop partition walls', 'Brick partitions and sills for a row of shops in {area}.'],
    ],
    praise: ['Walls are straight and the plaster is smooth.', 'Hard-working team, finished the compound wall on schedule.'],
  }),
  trade({
    trade: 'Earthwork Labour',
    charges: [['Per Day', 600, 900]],
    businesses: [['Bhoomi Earthmovers', ['Excavation', 'JCB Operator', 'Mechanic']]],
    about: ['Excavation crews and JCB with operator in {city} for {years} years. Foundations, sumps, trenches and backfilling.'],
    projects: [
      ['Residential', 'Foundation excavation for a G+2 house', 'Excavated 14 footings and the sump in {area} in three days.'],
      ['Industrial', 'Trenching for a warehouse drain', '400 ft of drain trench with levelled bed.'],
      ['Residential', 'Site clearing and levelling', 'Cleared shrubs and levelled a 2400 sq ft plot in {area}.'],
    ],
    praise: ['Dug all the footings to the exact depth marked.', 'Fast work, cleared the debris too.'],
  }),
  trade({
    trade: 'Shuttering / Centring Labour',
    charges: [['Per Day', 750, 1_100]],
    businesses: [['Strong Frame Centring Works', ['Shuttering', 'Centring', 'Carpenter']]],
    about: ['Centring and shuttering for slabs, beams and columns; our own steel plates and props. {years} years across {city}.'],
    projects: [
      ['Residential', 'Roof slab centring, 1500 sq ft', 'Steel plates and props for a roof slab in {area}; zero leakage during pour.'],
      ['Commercial', 'Column and beam formwork', 'Plywood formwork for a G+4 commercial frame.'],
      ['Residential', 'Staircase shuttering', 'Dog-legged staircase formwork with neat edges.'],
    ],
    praise: ['No bulging anywhere after de-shuttering.', 'Props were strong and the slab came out level.'],
  }),
  trade({
    trade: 'Flooring Labour',
    charges: [['Per Day', 800, 1_200]],
    businesses: [['Marble & Granite Layers', ['Flooring', 'Tile Laying', 'Marble Polishing']]],
    about: ['Tile, granite and marble laying in {city} for {years} years. Spacers, levelling clips and diamond polishing.'],
    projects: [
      ['Residential', 'Vitrified flooring, 3BHK', '600 × 1200 tiles laid with levelling clips in {area}.'],
      ['Renovation', 'Marble floor polishing', 'Diamond polishing of a 20-year-old marble floor.'],
      ['Commercial', 'Granite staircase and lobby', 'Black granite treads and lobby flooring in {area}.'],
    ],
    praise: ['Perfectly level tiles, joints are thin and even.', 'The old marble shines like new.'],
  }),
  trade({
    trade: 'False Ceiling Worker',
    charges: [['Per Day', 800, 1_200]],
    businesses: [['Gypsum Ceiling Studio', ['False Ceiling', 'Gypsum', 'POP']]],
    about: ['Gypsum and grid ceilings in {city}, {years} years. Cove lighting cut-outs and neat jointing.'],
    projects: [
      ['Residential', 'Living room gypsum ceiling with cove', 'Two-level gypsum ceiling with cove lights in {area}.'],
      ['Commercial', 'Grid ceiling for an office', '2 × 2 mineral fibre grid for 3000 sq ft.'],
      ['Residential', 'Bedroom POP design', 'Curved POP border with a central light trough.'],
    ],
    praise: ['No cracks at the joints even after a year.', 'Cove lighting looks beautiful.'],
  }),
  trade({
    trade: 'Fabrication / Welder',
    charges: [['Per Day', 900, 1_400], ['Per Hour', 400, 600]],
    businesses: [
      ['Ironclad Fabrication Works', ['Welder', 'Gates & Grills', 'Fabricator']],
      ['Steelcraft Welding Services', ['Welder', 'Staircase Railings', 'Sheds']],
    ],
    about: [
      'Fabrication workshop in {area} with {years} years of gates, grills, railings and sheds across {city}.',
      'Welding team of {team}: MS and SS railings, spiral staircases and terrace sheds, fabricated in our shop and fixed on site.',
    ],
    projects: [
      ['Residential', 'Sliding main gate', 'Motor-ready MS sliding gate with CNC panels in {area}.'],
      ['Residential', 'Terrace shed with polycarbonate roof', '20 × 15 ft shed on MS pipes.'],
      ['Commercial', 'SS railing for a showroom staircase', 'Glass and SS railing with satin finish.'],
      ['Residential', 'Window grills for a new house', 'Designer grills for 12 windows, primer and enamel.'],
    ],
    praise: ['The gate runs smooth and the welding is clean.', 'Shed was ready in a week, solid work.'],
  }),
  trade({
    trade: 'Lift Technician',
    charges: [['Per Visit', 1_200, 2_500]],
    businesses: [
      ['LiftCare Elevator Services', ['Technician', 'Lift Maintenance', 'Mechanic']],
      ['UpRise Lift Solutions', ['Technician', 'Lift Installation', 'AMC']],
    ],
    about: [
      'Certified lift technicians for all major makes, {years} years in {city}. Breakdown calls within 2 hours.',
      'Installation and annual maintenance of passenger and home lifts, from {area}.',
    ],
    projects: [
      ['Residential', 'Home lift installation, G+2', 'Hydraulic home lift with ARD for a villa in {area}.'],
      ['Commercial', 'Lift modernisation', 'Replaced controller and door operator in an office lift.'],
      ['Residential', 'Annual maintenance, apartment block', 'Quarterly service of four lifts in {area}.'],
    ],
    praise: ['Fixed our stuck lift late at night.', 'Regular, on-time maintenance visits.'],
  }),
  trade({
    trade: 'Dismantling Expert',
    charges: [['Per Day', 1_800, 3_500]],
    businesses: [['SafeBreak Demolition', ['Demolition', 'Debris Removal', 'Dismantling']]],
    about: ['Safe dismantling of old houses, slabs and interiors in {city}, {years} years. Debris removal and scrap buy-back.'],
    projects: [
      ['Residential', 'Old house demolition', 'Dismantled a 40-year-old load-bearing house in {area} with neighbours protected.'],
      ['Commercial', 'Office interior strip-out', 'Removed partitions, ceilings and carpets over a weekend.'],
      ['Renovation', 'Kitchen and bathroom break-out', 'Careful removal of tiles and platforms before renovation.'],
    ],
    praise: ['Neighbours had no complaints, site left clean.', 'Took away all the debris as promised.'],
  }),
];
