import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { QUANTITY_BREAK_MSG } from '@nirmaan/shared/vendor-products';
import { QUANTITY_BREAKS_MAX } from '@nirmaan/shared/quantity-breaks';
import { QUANTITY_MAX } from '@nirmaan/shared/constants';
import { NUMBER_LOCALE } from '@nirmaan/shared/i18n';
import { templateLookup, type Templates } from './message-templates.ts';
import { addTerms, term } from './terms.ts';

const breaksMax = QUANTITY_BREAKS_MAX.toLocaleString(NUMBER_LOCALE);
const quantityMax = QUANTITY_MAX.toLocaleString(NUMBER_LOCALE);

/**
 * The checks the vendor's long forms run in the browser (products, quantity prices, profile, projects, payouts' GST,
 * delivery's rate card) with the shared schemas, by their exact English as the schemas write them: a field's message
 * is shown in the page's language by `FieldError` (through `term`), and a refusal of the same text from the server
 * (which keeps these forms' messages English, decision record 039) by `useFailureText`. The schemas' templates are
 * written out for each value they are given (`Enter the price in rupees.`, `Enter the MRP in rupees.`). Loaded with
 * the portal, so no customer page carries them.
 */
export const FORM_MESSAGES: Record<string, MessageDescriptor> = {
  'Enter the price in rupees.': msg`Enter the price in rupees.`,
  'Enter the price in rupees with at most two decimals for the paise (like 55.75).': msg`Enter the price in rupees with at most two decimals for the paise (like 55.75).`,
  'The price must be at least ₹1.': msg`The price must be at least ₹1.`,
  'The price must be at most ₹1,00,00,000.': msg`The price must be at most ₹1,00,00,000.`,
  'Enter the MRP in rupees.': msg`Enter the MRP in rupees.`,
  'Enter the MRP in rupees with at most two decimals for the paise (like 55.75).': msg`Enter the MRP in rupees with at most two decimals for the paise (like 55.75).`,
  'The MRP must be at least ₹1.': msg`The MRP must be at least ₹1.`,
  'The MRP must be at most ₹1,00,00,000.': msg`The MRP must be at most ₹1,00,00,000.`,
  'The base fare must be a whole number of paise.': msg`The base fare must be a whole number of paise.`,
  'The base fare cannot be negative.': msg`The base fare cannot be negative.`,
  'The base fare is too large.': msg`The base fare is too large.`,
  'The rate per km must be a whole number of paise.': msg`The rate per km must be a whole number of paise.`,
  'The rate per km cannot be negative.': msg`The rate per km cannot be negative.`,
  'The rate per km is too large.': msg`The rate per km is too large.`,
  'The unloading charge per floor must be a whole number of paise.': msg`The unloading charge per floor must be a whole number of paise.`,
  'The unloading charge per floor cannot be negative.': msg`The unloading charge per floor cannot be negative.`,
  'The unloading charge per floor is too large.': msg`The unloading charge per floor is too large.`,
  'The minimum order must be a whole number of paise.': msg`The minimum order must be a whole number of paise.`,
  'The minimum order cannot be negative.': msg`The minimum order cannot be negative.`,
  'The minimum order is too large.': msg`The minimum order is too large.`,
  'The free-delivery threshold must be a whole number of paise.': msg`The free-delivery threshold must be a whole number of paise.`,
  'The free-delivery threshold cannot be negative.': msg`The free-delivery threshold cannot be negative.`,
  'The free-delivery threshold is too large.': msg`The free-delivery threshold is too large.`,
  'Please enter the business name.': msg`Please enter the business name.`,
  'The business name can have at most 100 characters.': msg`The business name can have at most 100 characters.`,
  'Please enter the business address.': msg`Please enter the business address.`,
  'The business address can have at most 300 characters.': msg`The business address can have at most 300 characters.`,
  'Please enter the project title.': msg`Please enter the project title.`,
  'The project title can have at most 120 characters.': msg`The project title can have at most 120 characters.`,
  'Please enter the project category.': msg`Please enter the project category.`,
  'The project category can have at most 60 characters.': msg`The project category can have at most 60 characters.`,
  'The MRP cannot be lower than the price.': msg`The MRP cannot be lower than the price.`,
  'Upload each image with the image button; links to other sites are not accepted.': msg`Upload each image with the image button; links to other sites are not accepted.`,
  'Choose an image file to upload (JPEG, PNG or WebP).': msg`Choose an image file to upload (JPEG, PNG or WebP).`,
  'That file is not a JPEG, PNG or WebP image.': msg`That file is not a JPEG, PNG or WebP image.`,
  'That image could not be read. Please choose another JPEG, PNG or WebP file.': msg`That image could not be read. Please choose another JPEG, PNG or WebP file.`,
  'The image is larger than 5 MB. Please choose a smaller one.': msg`The image is larger than 5 MB. Please choose a smaller one.`,
  'The image is too large (more than 40 megapixels). Please choose a smaller one.': msg`The image is too large (more than 40 megapixels). Please choose a smaller one.`,
  [QUANTITY_BREAK_MSG.tooMany]: msg`Set at most ${breaksMax} quantity prices.`,
  [QUANTITY_BREAK_MSG.quantity]: msg`The quantity of a quantity price must be a whole number from 2 to ${quantityMax}.`,
  'Each quantity price must be a whole number of paise from ₹1 to ₹1,00,00,000 (₹365 is 36500).': msg`Each quantity price must be a whole number of paise from ₹1 to ₹1,00,00,000 (₹365 is 36500).`,
  'Enter the product name (at least 2 characters).': msg`Enter the product name (at least 2 characters).`,
  'The product name must be at most 120 characters.': msg`The product name must be at most 120 characters.`,
  'Choose a category from the list.': msg`Choose a category from the list.`,
  'Enter the brand.': msg`Enter the brand.`,
  'The brand must be at most 60 characters.': msg`The brand must be at most 60 characters.`,
  'Enter the unit (for example "50 kg bag").': msg`Enter the unit (for example "50 kg bag").`,
  'The unit must be at most 30 characters.': msg`The unit must be at most 30 characters.`,
  'Enter the stock as a number.': msg`Enter the stock as a number.`,
  'Enter the stock as a whole number.': msg`Enter the stock as a whole number.`,
  'Stock cannot be negative.': msg`Stock cannot be negative.`,
  'Stock must be at most 10,00,000.': msg`Stock must be at most 10,00,000.`,
  'Choose a location: Hyderabad, Bangalore, Mumbai, Delhi.': msg`Choose a location: Hyderabad, Bangalore, Mumbai, Delhi.`,
  'Describe the product (at least 10 characters).': msg`Describe the product (at least 10 characters).`,
  'The description must be at most 2,000 characters.': msg`The description must be at most 2,000 characters.`,
  'The tag must be at most 30 characters.': msg`The tag must be at most 30 characters.`,
  'Choose the HSN code from the list.': msg`Choose the HSN code from the list.`,
  'The HSN code is 4 to 8 digits.': msg`The HSN code is 4 to 8 digits.`,
  'Enter the GST rate as a number.': msg`Enter the GST rate as a number.`,
  'The GST rate is a whole percentage.': msg`The GST rate is a whole percentage.`,
  'The GST rate cannot be negative.': msg`The GST rate cannot be negative.`,
  'Enter the weight in kg.': msg`Enter the weight in kg.`,
  'The weight must be more than 0 kg.': msg`The weight must be more than 0 kg.`,
  'The weight must be at most 1,00,000 kg.': msg`The weight must be at most 1,00,000 kg.`,
  'Enter the volume in m³.': msg`Enter the volume in m³.`,
  'Add at least one image.': msg`Add at least one image.`,
  'Add at most 5 images.': msg`Add at most 5 images.`,
  'Each image may appear only once.': msg`Each image may appear only once.`,
  'Please choose a morning or an afternoon delivery.': msg`Please choose a morning or an afternoon delivery.`,
  'Please choose a vehicle class.': msg`Please choose a vehicle class.`,
  'Capacity is a whole number of kg.': msg`Capacity is a whole number of kg.`,
  'Please give the dispatch point: a pincode, or a latitude and a longitude.': msg`Please give the dispatch point: a pincode, or a latitude and a longitude.`,
  'The radius is a whole number of km.': msg`The radius is a whole number of km.`,
  'The radius is at least 1 km.': msg`The radius is at least 1 km.`,
  'At most 300 area rules.': msg`At most 300 area rules.`,
  'Please add at least one vehicle.': msg`Please add at least one vehicle.`,
  'At most 8 vehicles.': msg`At most 8 vehicles.`,
  'Lead time cannot be negative.': msg`Lead time cannot be negative.`,
  'Lead time is at most 60 days.': msg`Lead time is at most 60 days.`,
  'Please choose at least one delivery day.': msg`Please choose at least one delivery day.`,
  'Each weekday once.': msg`Each weekday once.`,
  'The cut-off is a time such as 14:00.': msg`The cut-off is a time such as 14:00.`,
  'Please give a radius or at least one served pincode or prefix.': msg`Please give a radius or at least one served pincode or prefix.`,
  'The description can have at most 2000 characters.': msg`The description can have at most 2000 characters.`,
  'The description can have at most 1000 characters.': msg`The description can have at most 1000 characters.`,
  'Please choose Hyderabad, Bangalore, Mumbai, Delhi.': msg`Please choose Hyderabad, Bangalore, Mumbai, Delhi.`,
  'Please enter your charge in rupees.': msg`Please enter your charge in rupees.`,
  'Please enter your charge in whole rupees.': msg`Please enter your charge in whole rupees.`,
  'Please enter a charge between ₹50 and ₹2,00,000.': msg`Please enter a charge between ₹50 and ₹2,00,000.`,
  'That image path is too long.': msg`That image path is too long.`,
  'Please upload the image here: only images stored on Nirmaan can be used.': msg`Please upload the image here: only images stored on Nirmaan can be used.`,
  'Please choose whether you sell materials or offer a service.': msg`Please choose whether you sell materials or offer a service.`,
  'Please choose a material category.': msg`Please choose a material category.`,
  'Please choose your trade.': msg`Please choose your trade.`,
  'Please enter your charge and how you charge (per hour, day or visit).': msg`Please enter your charge and how you charge (per hour, day or visit).`,
  'At most 10 sub-categories.': msg`At most 10 sub-categories.`,
  'Please describe the project.': msg`Please describe the project.`,
  'Professionals need a charge and a charge type: customers book you at that price.': msg`Professionals need a charge and a charge type: customers book you at that price.`,
  'Upload the image with the image button: links to other sites and other vendors’ images are not accepted.': msg`Upload the image with the image button: links to other sites and other vendors’ images are not accepted.`,
  'You can show at most 60 projects. Please delete one first.': msg`You can show at most 60 projects. Please delete one first.`,
  'The amount must be whole paise.': msg`The amount must be whole paise.`,
  'Please enter the GSTIN.': msg`Please enter the GSTIN.`,
  'The GSTIN is too long.': msg`The GSTIN is too long.`,
  "Please enter the business's legal name (as registered for GST).": msg`Please enter the business's legal name (as registered for GST).`,
  'The legal name can have at most 120 characters.': msg`The legal name can have at most 120 characters.`,
  'The volume must be more than 0 m³.': msg`The volume must be more than 0 m³.`,
  'The volume must be at most 1,000 m³.': msg`The volume must be at most 1,000 m³.`,
  'The GST rate must be at most 40%.': msg`The GST rate must be at most 40%.`,
  'Sub-categories cannot be empty.': msg`Sub-categories cannot be empty.`,
  'Sub-categories can have at most 40 characters.': msg`Sub-categories can have at most 40 characters.`,
  'The date is YYYY-MM-DD.': msg`The date is YYYY-MM-DD.`,
};

/**
 * The checks whose English carries a value known only when they run (the quantity prices' quantities and prices):
 * by their English with the values as placeholders (decision record 050). `form-messages.test.tsx` checks each
 * against the shared schema's own sentence.
 */
export const FORM_TEMPLATES: Templates = {
  'There are two prices for {quantity} or more: keep one.': ({ quantity = '' }) => msg`There are two prices for ${quantity} or more: keep one.`,
  'The price for {quantity} or more ({price}) must be lower than the price for {previousQuantity} or more ({previousPrice}).': ({ quantity = '', price = '', previousQuantity = '', previousPrice = '' }) =>
    msg`The price for ${quantity} or more (${price}) must be lower than the price for ${previousQuantity} or more (${previousPrice}).`,
  "The price for {quantity} or more ({price}) must be lower than the product's price ({listPrice}).": ({ quantity = '', price = '', listPrice = '' }) =>
    msg`The price for ${quantity} or more (${price}) must be lower than the product's price (${listPrice}).`,
  // A product's tax against its category (a stored product whose rate the category no longer allows); the tariff
  // descriptions in the choices stay English, as in the HSN select.
  'HSN {hsn} cannot be used for {category}. Please choose one of: {choices}.': ({ hsn = '', category: english = '', choices = '' }, i18n) => {
    const category = term(i18n, english);
    return msg`HSN ${hsn} cannot be used for ${category}. Please choose one of: ${choices}.`;
  },
  'The GST rate for HSN {hsn} must be {rates}.': ({ hsn = '', rates = '' }) => msg`The GST rate for HSN ${hsn} must be ${rates}.`,
  'The GST rate for {category} must be {rates}.': ({ category: english = '', rates = '' }, i18n) => {
    const category = term(i18n, english);
    return msg`The GST rate for ${category} must be ${rates}.`;
  },
};

addTerms(FORM_MESSAGES);
addTerms(templateLookup(FORM_TEMPLATES));
