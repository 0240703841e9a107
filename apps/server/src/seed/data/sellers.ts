import type { City, MaterialCategoryName } from '@nirmaan/shared';

/** The product sellers. The first is the demo seller account. */
export interface SellerSeed {
  owner: string;
  business: string;
  city: City;
  area: string;
  categories: MaterialCategoryName[];
  description: string;
  email?: string;
  /** Leaves the profile image empty, so the initial-letter fallback shows. */
  noImage?: boolean;
}

export const DEMO_SELLER_EMAIL = 'seller@demo.nirmaan.in';

export const SELLERS: SellerSeed[] = [
  {
    owner: 'Venkatesh Rao', business: 'Sri Lakshmi Cement & Steel Traders', city: 'Hyderabad', area: 'Kukatpally',
    categories: ['Cement', 'Steel'], email: DEMO_SELLER_EMAIL,
    description: 'Authorised dealer for UltraTech, ACC and Tata Tiscon since 2004. Same-day delivery across Kukatpally, Miyapur and KPHB; credit for regular builders.',
  },
  {
    owner: 'Mohammed Salim Khan', business: 'Deccan Bricks & Aggregates', city: 'Hyderabad', area: 'LB Nagar',
    categories: ['Bricks', 'Sand', 'Aggregates', 'Concrete'],
    description: 'Bricks, AAC blocks, sand and metal straight from our own kilns and crusher tie-ups. Weighbridge slip with every load.',
  },
  {
    owner: 'Kavya Reddy', business: 'Hitech Tiles & Sanitary World', city: 'Hyderabad', area: 'Madhapur',
    categories: ['Tiles', 'Flooring', 'Bathroom Fittings', 'Grouts & Sealants'],
    description: 'A 6,000 sq ft showroom of Kajaria, Somany and Jaquar with laid-out bathroom displays. Free layout planning for your floor plan.',
  },
  {
    owner: 'Suresh Goud', business: 'Charminar Electricals', city: 'Hyderabad', area: 'Secunderabad',
    categories: ['Electrical', 'Lighting', 'Smart Home'],
    description: 'Wholesale and retail electricals: Finolex, Havells, Anchor and Polycab. Electricians’ counter open from 8 am.',
  },
  {
    owner: 'Manjunath Gowda', business: 'Namma Build Mart', city: 'Bangalore', area: 'Yeshwanthpur',
    categories: ['Cement', 'Steel', 'Bricks', 'Sand', 'Aggregates'],
    description: 'One stop for structural materials in north Bangalore. Cement, TMT, blocks and M-sand delivered on our own trucks.',
  },
  {
    owner: 'Shruti Hegde', business: 'Garden City Paints', city: 'Bangalore', area: 'Jayanagar',
    categories: ['Paints', 'Wallpaper', 'Grouts & Sealants'],
    description: 'Asian Paints Colour Ideas store with computerised tinting, wallpaper samples and waterproofing advice.',
  },
  {
    owner: 'Arjun Shetty', business: 'Whitefield Interiors Hub', city: 'Bangalore', area: 'Whitefield',
    categories: ['Furniture', 'Modular Furniture', 'Kitchen', 'Wardrobe'],
    description: 'Modular kitchens, wardrobes and furniture for new apartments. 3D designs in 48 hours and factory-finished units.',
  },
  {
    owner: 'Ramesh Iyer', business: 'Silicon Glass & Windows', city: 'Bangalore', area: 'Peenya',
    categories: ['Glass', 'Windows', 'Doors'],
    description: 'Toughened glass processing, uPVC and aluminium windows and doors, measured and fitted by our own team.',
  },
  {
    owner: 'Deepak Patil', business: 'Konkan Cement Depot', city: 'Mumbai', area: 'Kurla',
    categories: ['Cement', 'Steel', 'Concrete'],
    description: 'Serving Mumbai’s builders for 25 years with cement, TMT and ready-mix concrete bookings. Night deliveries for city sites.',
  },
  {
    owner: 'Yogesh Jadhav', business: 'Bhiwandi Bricks Company', city: 'Mumbai', area: 'Thane West',
    categories: ['Bricks', 'Sand', 'Aggregates'],
    description: 'Red bricks, fly ash bricks and AAC blocks from Bhiwandi and Palghar kilns, with sand and grit for the whole MMR.',
  },
  {
    owner: 'Farah Shaikh', business: 'Andheri Home Decor', city: 'Mumbai', area: 'Andheri East',
    categories: ['Curtains', 'Wallpaper', 'Decorative Panels', 'False Ceiling'],
    description: 'Curtains, blinds, wallpaper and wall panels with free home measurement. Fitting teams across the western suburbs.',
  },
  {
    owner: 'Nitin Mehta', business: 'Marine Plumbing Supplies', city: 'Mumbai', area: 'Dadar',
    categories: ['Plumbing', 'Bathroom Fittings'],
    description: 'Pipes, fittings, tanks and sanitaryware from Supreme, Astral, Jaquar and Cera. Plumbers get trade pricing.', noImage: true,
  },
  {
    owner: 'Sanjay Gupta', business: 'Capital Steel & Cement', city: 'Delhi', area: 'Shahdara',
    categories: ['Cement', 'Steel'],
    description: 'SAIL and Kamdhenu stockist with cut-and-bend service. Cement from ACC, Ambuja and UltraTech at wholesale rates.',
  },
  {
    owner: 'Rajesh Chauhan', business: 'Yamuna Bricks Udyog', city: 'Delhi', area: 'Okhla Phase II',
    categories: ['Bricks', 'Sand', 'Aggregates', 'Concrete'],
    description: 'Bricks from our own kiln in Jhajjar, Badarpur sand, grit and ready-mix bookings for NCR sites.',
  },
  {
    owner: 'Ritu Malhotra', business: 'Karol Bagh Paints & Hardware', city: 'Delhi', area: 'Karol Bagh',
    categories: ['Paints', 'Doors', 'Roofing', 'Glass'],
    description: 'Paints, doors, locks, roofing sheets and glass under one roof. Tinting machine and shade cards for every brand.',
  },
  {
    owner: 'Vikram Khanna', business: 'Nehru Place Smart Electricals', city: 'Delhi', area: 'Nehru Place',
    categories: ['Electrical', 'Lighting', 'Smart Home'],
    description: 'Wires, switchgear, lights and smart-home devices. Demo room for smart locks, cameras and switches.',
  },
  {
    owner: 'Pankaj Arora', business: 'Kirti Nagar Furniture House', city: 'Delhi', area: 'Kirti Nagar',
    categories: ['Furniture', 'Modular Furniture', 'Kitchen', 'Wardrobe', 'Curtains'],
    description: 'Three floors of furniture in Asia’s largest furniture market. Modular kitchens and wardrobes made to order.',
  },
  {
    owner: 'Lakshmi Naidu', business: 'Sri Sai Roofing & Plumbing', city: 'Hyderabad', area: 'Uppal',
    categories: ['Roofing', 'Plumbing', 'Tiles', 'False Ceiling', 'Decorative Panels'],
    description: 'Roofing sheets, pipes and ceiling boards for houses and sheds in east Hyderabad. Free site visit for estimates.',
  },
];
