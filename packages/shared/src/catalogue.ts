/** The fixed catalogue of the Category browser, the landing grids and the seed (the demo data uses it too). */

export interface CatalogueEntry {
  /** The name the customer sees and the value of `?search=`. */
  name: string;
  /** URL-safe key, also the file name of the category's illustration. */
  slug: string;
  blurb: string;
}

export const MATERIAL_CATEGORIES = [
  { name: 'Cement', slug: 'cement', blurb: 'OPC 53 and PPC grades from trusted brands' },
  { name: 'Steel', slug: 'steel', blurb: 'Fe 500 / 550D TMT bars, 8–32 mm' },
  { name: 'Bricks', slug: 'bricks', blurb: 'Red clay, fly-ash bricks and AAC blocks' },
  { name: 'Sand', slug: 'sand', blurb: 'River sand and M-sand by the tonne' },
  { name: 'Aggregates', slug: 'aggregates', blurb: '10 mm, 20 mm and 40 mm crushed stone' },
  { name: 'Concrete', slug: 'concrete', blurb: 'Ready-mix concrete, M20 to M30' },
  { name: 'Paints', slug: 'paints', blurb: 'Interior and exterior emulsions, primers' },
  { name: 'Tiles', slug: 'tiles', blurb: 'Vitrified, ceramic and outdoor tiles' },
  { name: 'Flooring', slug: 'flooring', blurb: 'Granite, marble, wooden and vinyl floors' },
  { name: 'Glass', slug: 'glass', blurb: 'Toughened, frosted and laminated glass' },
  { name: 'Doors', slug: 'doors', blurb: 'Flush, panel, steel and WPC doors' },
  { name: 'Windows', slug: 'windows', blurb: 'uPVC, aluminium and wooden windows' },
  { name: 'Roofing', slug: 'roofing', blurb: 'Metal sheets, clay tiles and insulation' },
  { name: 'Plumbing', slug: 'plumbing', blurb: 'CPVC, PVC pipes and fittings' },
  { name: 'Bathroom Fittings', slug: 'bathroom-fittings', blurb: 'Taps, showers, closets and basins' },
  { name: 'Electrical', slug: 'electrical', blurb: 'Wires, switches, MCBs and conduits' },
  { name: 'Lighting', slug: 'lighting', blurb: 'LED panels, bulbs, battens and fixtures' },
  { name: 'Grouts & Sealants', slug: 'grouts-sealants', blurb: 'Tile grout, adhesives, waterproofing' },
  { name: 'Wallpaper', slug: 'wallpaper', blurb: 'Vinyl, fabric and 3D wallpapers' },
  { name: 'Curtains', slug: 'curtains', blurb: 'Blackout, sheer curtains and blinds' },
  { name: 'Furniture', slug: 'furniture', blurb: 'Beds, sofas, tables and chairs' },
  { name: 'Modular Furniture', slug: 'modular-furniture', blurb: 'TV units, study units and shelving' },
  { name: 'Kitchen', slug: 'kitchen', blurb: 'Modular kitchens, sinks and chimneys' },
  { name: 'Wardrobe', slug: 'wardrobe', blurb: 'Sliding and hinged wardrobes' },
  { name: 'False Ceiling', slug: 'false-ceiling', blurb: 'Gypsum boards, grid ceilings, channels' },
  { name: 'Decorative Panels', slug: 'decorative-panels', blurb: 'WPC, PVC and fluted wall panels' },
  { name: 'Smart Home', slug: 'smart-home', blurb: 'Smart switches, locks and cameras' },
] as const satisfies readonly CatalogueEntry[];

export const SERVICE_CATEGORIES = [
  { name: 'Architect', slug: 'architect', blurb: 'Plans, elevations and approvals' },
  { name: 'Civil Engineer', slug: 'civil-engineer', blurb: 'Site visits, estimates and quality checks' },
  { name: 'Structural Engineer', slug: 'structural-engineer', blurb: 'Structural design and audits' },
  { name: 'Site Supervisor', slug: 'site-supervisor', blurb: 'Day-to-day supervision on site' },
  { name: 'Survey Engineer', slug: 'survey-engineer', blurb: 'Land survey and levelling' },
  { name: 'MEP Consultant', slug: 'mep-consultant', blurb: 'Mechanical, electrical and plumbing design' },
  { name: 'Project Manager', slug: 'project-manager', blurb: 'Schedules, budgets and vendors' },
  { name: 'HVAC Engineer', slug: 'hvac-engineer', blurb: 'Air-conditioning and ventilation' },
  { name: 'Safety Engineer', slug: 'safety-engineer', blurb: 'Site safety plans and audits' },
  { name: 'Contractor', slug: 'contractor', blurb: 'End-to-end construction' },
  { name: 'Interior Designer', slug: 'interior-designer', blurb: 'Homes and offices, concept to handover' },
  { name: 'Waterproofing Consultant', slug: 'waterproofing-consultant', blurb: 'Terraces, basements and bathrooms' },
  { name: 'Acoustic Consultant', slug: 'acoustic-consultant', blurb: 'Sound insulation and home theatres' },
  { name: 'Civil Mason', slug: 'civil-mason', blurb: 'Brickwork, plastering and tiling' },
  { name: 'Earthwork Labour', slug: 'earthwork-labour', blurb: 'Excavation and backfilling' },
  { name: 'Shuttering / Centring Labour', slug: 'shuttering-labour', blurb: 'Formwork for slabs and columns' },
  { name: 'Plumber', slug: 'plumber', blurb: 'Leaks, fittings and new lines' },
  { name: 'Electrician', slug: 'electrician', blurb: 'Wiring, repairs and installations' },
  { name: 'Painter', slug: 'painter', blurb: 'Interior and exterior painting' },
  { name: 'Carpenter', slug: 'carpenter', blurb: 'Doors, furniture and repairs' },
  { name: 'Flooring Labour', slug: 'flooring-labour', blurb: 'Tile, granite and marble laying' },
  { name: 'False Ceiling Worker', slug: 'false-ceiling-worker', blurb: 'Gypsum and grid ceilings' },
  { name: 'Fabrication / Welder', slug: 'welder', blurb: 'Gates, grills and steel work' },
  { name: 'Lift Technician', slug: 'lift-technician', blurb: 'Lift installation and service' },
  { name: 'Dismantling Expert', slug: 'dismantling-expert', blurb: 'Safe demolition and debris removal' },
] as const satisfies readonly CatalogueEntry[];

export type MaterialCategoryName = (typeof MATERIAL_CATEGORIES)[number]['name'];
export type ServiceCategoryName = (typeof SERVICE_CATEGORIES)[number]['name'];
