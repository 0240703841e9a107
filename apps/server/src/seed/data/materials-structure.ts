import { line, type MaterialLines } from './product-lines.ts';

/** Structural materials: the categories every city's builders buy by the truckload. */
export const STRUCTURE_MATERIALS: MaterialLines[] = [
  {
    category: 'Cement',
    note: '50 kg bags, manufactured within the last 30 days. Unloading at site on request.',
    lines: [
      line('UltraTech', 'UltraTech OPC 53 Grade Cement', 'bag', 410, 460, 'High early strength for RCC slabs, columns and beams.', 'Bestseller'),
      line('UltraTech', 'UltraTech PPC Cement', 'bag', 375, 420, 'Portland pozzolana cement with fly ash for plastering and masonry.'),
      line('ACC', 'ACC Gold Water Shield Cement', 'bag', 430, 475, 'Water-repellent premium cement for roofs, sumps and foundations.'),
      line('ACC', 'ACC Suraksha PPC Cement', 'bag', 365, 405, 'Everyday PPC for brickwork, plaster and flooring beds.'),
      line('Ambuja', 'Ambuja Plus Roof Special Cement', 'bag', 420, 470, 'Low-permeability cement made for leak-free roof slabs.'),
      line('Ambuja', 'Ambuja Buildcem PPC Cement', 'bag', 360, 395, 'Smooth-finish PPC, a favourite of masons for plastering.'),
      line('Dalmia', 'Dalmia DSP Cement', 'bag', 410, 455, 'Dense, strong and protective cement for foundations and RCC.'),
      line('Dalmia', 'Dalmia Cement PPC', 'bag', 360, 400, 'Reliable PPC grade for general construction.', 'Eco'),
      line('Ramco', 'Ramco Supergrade PPC Cement', 'bag', 370, 410, 'Fine-ground PPC with good workability and low heat of hydration.'),
      line('Ramco', 'Ramco OPC 53 Grade Cement', 'bag', 400, 445, 'OPC 53 for precast work and high-strength concrete.'),
      line('JK Lakshmi', 'JK Lakshmi PRO+ Cement', 'bag', 375, 420, 'Premium PPC with added corrosion resistance for coastal sites.'),
    ],
  },
  {
    category: 'Steel',
    note: 'Sold per tonne with mill test certificate; cut and bend on request.',
    lines: [
      line('Tata Tiscon', 'Tata Tiscon 550SD TMT Bar 12 mm', 'tonne', 68_000, 74_000, 'Super-ductile Fe 550SD bars for earthquake-prone zones.', 'Bestseller'),
      line('Tata Tiscon', 'Tata Tiscon Fe 500D TMT Bar 8 mm', 'tonne', 66_000, 72_000, 'Thin bars for stirrups, rings and slab distribution steel.'),
      line('Tata Tiscon', 'Tata Tiscon 550SD TMT Bar 16 mm', 'tonne', 67_000, 73_000, 'Main reinforcement for columns and beams.'),
      line('JSW Neosteel', 'JSW Neosteel Fe 550D TMT Bar 10 mm', 'tonne', 62_000, 68_000, 'Uniform ribs for a strong bond with concrete.'),
      line('JSW Neosteel', 'JSW Neosteel Fe 500D TMT Bar 20 mm', 'tonne', 61_000, 67_000, 'Heavy bars for footings, rafts and transfer beams.'),
      line('SAIL', 'SAIL TMT Fe 500D Bar 12 mm', 'tonne', 58_000, 64_000, 'Public-sector steel with consistent quality across batches.'),
      line('SAIL', 'SAIL SeQR TMT Fe 550D Bar 25 mm', 'tonne', 59_000, 65_000, 'Seismic-resistant bars for multi-storey frames.'),
      line('Kamdhenu', 'Kamdhenu NXT TMT Fe 550D Bar 16 mm', 'tonne', 55_000, 61_000, 'Good value Fe 550D bars for independent houses.'),
      line('Kamdhenu', 'Kamdhenu Fe 500 TMT Bar 32 mm', 'tonne', 55_000, 60_000, 'Large-diameter bars for piles and heavy columns.'),
      line('Vizag Steel', 'Vizag Steel Fe 500D TMT Bar 8 mm', 'tonne', 57_000, 63_000, 'RINL bars, popular across South India.'),
      line('Tata Wiron', 'Tata Wiron Binding Wire 18 Gauge, 25 kg', 'roll', 1_950, 2_400, 'Soft annealed binding wire for tying rebar.'),
    ],
  },
  {
    category: 'Bricks',
    note: 'Sold per piece; minimum order 1,000 bricks or 100 blocks, delivered by tractor or truck.',
    lines: [
      line(null, 'Red Clay Bricks, Class A (9 × 4 × 3 in)', 'piece', 8, 12, 'Kiln-fired table-moulded bricks with sharp edges and a clear ring.', 'Bestseller'),
      line(null, 'Wire-cut Red Bricks (230 × 110 × 75 mm)', 'piece', 10, 12, 'Machine-made, uniform bricks for exposed brickwork.'),
      line('Ecobrix', 'Ecobrix Fly Ash Bricks (230 × 110 × 75 mm)', 'piece', 4, 7, 'Fly ash, lime and gypsum bricks: lighter, smoother, less plaster.', 'Eco'),
      line('Siporex', 'Siporex AAC Block 600 × 200 × 150 mm', 'piece', 55, 70, 'Lightweight autoclaved aerated concrete block for internal walls.', 'Eco'),
      line('Magicrete', 'Magicrete AAC Block 600 × 200 × 200 mm', 'piece', 62, 75, 'Thick AAC block for external walls with good heat insulation.'),
      line('Renacon', 'Renacon AAC Block 600 × 200 × 100 mm', 'piece', 45, 55, 'Thin AAC block for partitions and bathroom walls.'),
      line('Biltech', 'Biltech AAC Block 600 × 250 × 200 mm', 'piece', 58, 72, 'Fewer joints per wall; use with thin-bed block adhesive.'),
      line(null, 'Solid Concrete Block 400 × 200 × 150 mm', 'piece', 38, 50, 'Vibro-compacted cement blocks for compound walls.'),
      line('Wienerberger', 'Wienerberger Porotherm Clay Block 400 × 200 × 200 mm', 'piece', 60, 75, 'Hollow clay block that keeps rooms cooler.', 'New'),
    ],
  },
  {
    category: 'Sand',
    note: 'Sold per tonne, delivered by tipper; weighbridge slip with every load.',
    lines: [
      line(null, 'River Sand, Washed (Fine)', 'tonne', 1_800, 3_000, 'Double-washed river sand for plastering and concrete.'),
      line('Robo', 'Robo M-Sand for Concrete', 'tonne', 900, 1_400, 'Manufactured sand from granite, graded for RCC work.', 'Eco'),
      line('Robo', 'Robo P-Sand for Plastering', 'tonne', 1_100, 1_600, 'Finer M-sand for smooth wall plaster.', 'Eco'),
      line(null, 'Coarse Sand for Masonry', 'tonne', 1_300, 2_000, 'Sharp coarse sand for brick and block mortar.'),
      line(null, 'Filter Sand for Sumps and Soak Pits', 'tonne', 1_500, 2_200, 'Graded sand for filter beds and drainage layers.'),
    ],
  },
  {
    category: 'Aggregates',
    note: 'Sold per tonne from licensed crushers; delivered by tipper.',
    lines: [
      line(null, '20 mm Crushed Stone Aggregate', 'tonne', 1_000, 1_800, 'Blue metal for RCC slabs, beams and columns.', 'Bestseller'),
      line(null, '10 mm Crushed Stone Aggregate', 'tonne', 1_100, 1_700, 'Small jelly for thin slabs, precast work and screeds.'),
      line(null, '40 mm Crushed Stone Aggregate', 'tonne', 950, 1_500, 'Coarse aggregate for PCC beds and mass concrete.'),
      line(null, 'Granular Sub-Base (GSB) Mix', 'tonne', 700, 1_000, 'Graded mix for driveways, roads and yard bases.'),
      line(null, 'Stone Dust (Quarry Dust)', 'tonne', 600, 900, 'Fine quarry dust for paver beds and block making.'),
    ],
  },
  {
    category: 'Concrete',
    note: 'Sold per cubic metre; transit-mixer delivery, pump on request, minimum 6 cubic metres.',
    lines: [
      line('UltraTech', 'UltraTech Ready Mix Concrete M20', 'cubic metre', 4_800, 5_400, 'Design-mix M20 for residential slabs and footings.'),
      line('UltraTech', 'UltraTech Ready Mix Concrete M25', 'cubic metre', 5_200, 5_900, 'The usual grade for RCC frames of apartments.', 'Bestseller'),
      line('ACC', 'ACC Ready Mix Concrete M30', 'cubic metre', 5_800, 6_500, 'High-strength mix for podiums, columns and water tanks.'),
      line('RDC', 'RDC Concrete M20 with Plasticiser', 'cubic metre', 4_900, 5_500, 'Workable mix with admixture for pumped placement.'),
      line('RDC', 'RDC Concrete M25 Fibre Reinforced', 'cubic metre', 5_500, 6_300, 'Polypropylene fibres to control shrinkage cracks.', 'New'),
    ],
  },
];
