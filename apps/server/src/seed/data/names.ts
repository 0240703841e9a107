import type { City } from '@nirmaan/shared';

/**
 * Indian names as families actually combine them: each city has a few communities, each with its own
 * given names and surnames (a Telugu first name goes with a Telugu surname, a Sikh woman is a Kaur).
 */
export interface NameGroup {
  weight: number;
  male: readonly string[];
  female: readonly string[];
  surnames: readonly string[];
  femaleSurnames?: readonly string[];
}

const MUSLIM: Omit<NameGroup, 'weight'> = {
  male: ['Imran', 'Salim', 'Farhan', 'Irfan', 'Aslam', 'Sameer'],
  female: ['Ayesha', 'Farah', 'Sana', 'Nazia', 'Rukhsar'],
  surnames: ['Khan', 'Siddiqui', 'Qureshi', 'Shaikh', 'Ansari'],
};

export const NAME_GROUPS: Record<City, readonly NameGroup[]> = {
  Hyderabad: [
    {
      weight: 4,
      male: ['Srinivas', 'Ravi', 'Venkatesh', 'Mahesh', 'Kiran', 'Prasad', 'Srikanth', 'Naresh', 'Sai Kumar'],
      female: ['Lakshmi', 'Swathi', 'Revathi', 'Harini', 'Bhavana', 'Kavya', 'Divya', 'Sravani'],
      surnames: ['Reddy', 'Rao', 'Naidu', 'Goud', 'Varma', 'Chowdary', 'Yadav', 'Kumar'],
    },
    { weight: 1, ...MUSLIM },
  ],
  Bangalore: [
    {
      weight: 3,
      male: ['Manjunath', 'Chandrashekar', 'Prakash', 'Naveen', 'Harish', 'Ganesh', 'Raghu', 'Suresh'],
      female: ['Shruti', 'Pallavi', 'Nandini', 'Rekha', 'Kavya', 'Deepa', 'Sahana'],
      surnames: ['Gowda', 'Shetty', 'Hegde', 'Rao', 'Bhat', 'Naik', 'Murthy', 'Kamath'],
    },
    {
      weight: 1,
      male: ['Karthik', 'Arun', 'Joseph', 'Thomas', 'Vivek', 'Anand'],
      female: ['Priya', 'Meera', 'Anjali', 'Lakshmi', 'Divya'],
      surnames: ['Iyer', 'Nair', 'Menon', 'Pillai', 'Krishnan', 'Varghese'],
    },
  ],
  Mumbai: [
    {
      weight: 3,
      male: ['Deepak', 'Yogesh', 'Tushar', 'Sachin', 'Nitin', 'Rahul', 'Sandeep', 'Amol'],
      female: ['Madhuri', 'Sneha', 'Pooja', 'Aparna', 'Sayali', 'Rutuja'],
      surnames: ['Patil', 'Deshmukh', 'Kulkarni', 'Pawar', 'Jadhav', 'Gaikwad', 'Joshi', 'Shinde'],
    },
    {
      weight: 1,
      male: ['Hiren', 'Jignesh', 'Amit', 'Ketan', 'Nikhil'],
      female: ['Komal', 'Neha', 'Hetal', 'Khushi'],
      surnames: ['Shah', 'Mehta', 'Desai', 'Patel', 'Parikh'],
    },
    { weight: 1, ...MUSLIM },
    {
      weight: 0.5,
      male: ['Joseph', 'Anthony', 'Francis', 'Clive'],
      female: ['Mary', 'Sheryl', 'Lydia', 'Rita'],
      surnames: ['Fernandes', "D'Souza", 'Pereira', 'Rodrigues'],
    },
  ],
  Delhi: [
    {
      weight: 4,
      male: ['Sanjay', 'Vikram', 'Rohit', 'Pankaj', 'Ajay', 'Abhishek', 'Rajesh', 'Amit', 'Manoj'],
      female: ['Ritu', 'Neha', 'Sunita', 'Geeta', 'Komal', 'Shweta', 'Pooja'],
      surnames: ['Sharma', 'Gupta', 'Verma', 'Malhotra', 'Chauhan', 'Khanna', 'Arora', 'Bansal', 'Saxena', 'Kapoor', 'Ahuja'],
    },
    {
      weight: 1,
      male: ['Gurpreet', 'Harpreet', 'Manpreet', 'Jaswinder', 'Amarjeet'],
      female: ['Simran', 'Harleen', 'Navneet', 'Jasleen'],
      surnames: ['Singh'],
      femaleSurnames: ['Kaur'],
    },
    { weight: 0.5, ...MUSLIM },
  ],
};

export interface Area {
  name: string;
  pin: string;
}

export const AREAS: Record<City, readonly Area[]> = {
  Hyderabad: [
    { name: 'Kukatpally', pin: '500072' }, { name: 'Madhapur', pin: '500081' }, { name: 'Kondapur', pin: '500084' },
    { name: 'Ameerpet', pin: '500016' }, { name: 'Secunderabad', pin: '500003' }, { name: 'LB Nagar', pin: '500074' },
    { name: 'Gachibowli', pin: '500032' }, { name: 'Miyapur', pin: '500049' }, { name: 'Uppal', pin: '500039' },
    { name: 'Begumpet', pin: '500016' }, { name: 'Dilsukhnagar', pin: '500060' }, { name: 'Banjara Hills', pin: '500034' },
  ],
  Bangalore: [
    { name: 'Whitefield', pin: '560066' }, { name: 'Jayanagar', pin: '560041' }, { name: 'Koramangala', pin: '560034' },
    { name: 'HSR Layout', pin: '560102' }, { name: 'Yeshwanthpur', pin: '560022' }, { name: 'Electronic City', pin: '560100' },
    { name: 'Rajajinagar', pin: '560010' }, { name: 'Hebbal', pin: '560024' }, { name: 'Marathahalli', pin: '560037' },
    { name: 'Banashankari', pin: '560070' }, { name: 'Indiranagar', pin: '560038' }, { name: 'Peenya', pin: '560058' },
  ],
  Mumbai: [
    { name: 'Andheri East', pin: '400069' }, { name: 'Borivali West', pin: '400092' }, { name: 'Thane West', pin: '400601' },
    { name: 'Kurla', pin: '400070' }, { name: 'Dadar', pin: '400014' }, { name: 'Goregaon East', pin: '400063' },
    { name: 'Malad West', pin: '400064' }, { name: 'Powai', pin: '400076' }, { name: 'Chembur', pin: '400071' },
    { name: 'Vashi', pin: '400703' }, { name: 'Mulund West', pin: '400080' }, { name: 'Bhandup', pin: '400078' },
  ],
  Delhi: [
    { name: 'Karol Bagh', pin: '110005' }, { name: 'Lajpat Nagar', pin: '110024' }, { name: 'Dwarka', pin: '110075' },
    { name: 'Rohini', pin: '110085' }, { name: 'Janakpuri', pin: '110058' }, { name: 'Mayur Vihar', pin: '110091' },
    { name: 'Kirti Nagar', pin: '110015' }, { name: 'Saket', pin: '110017' }, { name: 'Pitampura', pin: '110034' },
    { name: 'Okhla Phase II', pin: '110020' }, { name: 'Nehru Place', pin: '110019' }, { name: 'Shahdara', pin: '110032' },
  ],
};

export const STREETS = [
  'Main Road', '1st Cross', '2nd Main', 'Station Road', 'Market Road', 'Temple Street', 'Ring Road',
  'Industrial Area', 'Service Road', 'Gandhi Road', 'Nehru Street', 'MG Road', '4th Cross', 'Link Road',
] as const;

export const STATE_OF: Record<City, string> = {
  Hyderabad: 'Telangana',
  Bangalore: 'Karnataka',
  Mumbai: 'Maharashtra',
  Delhi: 'Delhi',
};

export const BANKS = [
  { bank: 'State Bank of India', ifsc: 'SBIN' },
  { bank: 'HDFC Bank', ifsc: 'HDFC' },
  { bank: 'ICICI Bank', ifsc: 'ICIC' },
  { bank: 'Axis Bank', ifsc: 'UTIB' },
  { bank: 'Canara Bank', ifsc: 'CNRB' },
  { bank: 'Kotak Mahindra Bank', ifsc: 'KKBK' },
] as const;
