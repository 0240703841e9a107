/** A short list of the most used passwords (and local favourites), all of 6+ characters. */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '000000', '102030', '111111', '11111111', '112233', '121212', '123123', '123321', '123456', '1234567',
  '12345678', '123456789', '1234567890', '123654', '123qwe', '131313', '147258', '147852', '159753', '1q2w3e',
  '1q2w3e4r', '1qaz2wsx', '222222', '333333', '444444', '555555', '654321', '666666', '696969', '777777',
  '7777777', '888888', '987654', '987654321', '999999', 'aaaaaa', 'abc123', 'abcd1234', 'abcdef', 'access',
  'admin123', 'amanda', 'andrew', 'asdfgh', 'ashley', 'austin', 'bangalore', 'baseball', 'batman', 'bharat',
  'biteme', 'bollywood', 'builder', 'buster', 'cement', 'changeme', 'charlie', 'cheese', 'chelsea', 'chennai',
  'computer', 'construction', 'cricket', 'dallas', 'daniel', 'delhi123', 'demo@123', 'dragon', 'family', 'father',
  'football', 'freedom', 'friends', 'ganesh', 'george', 'ginger', 'hanuman', 'harley', 'hockey', 'hunter',
  'hyderabad', 'iloveindia', 'iloveyou', 'india123', 'india@123', 'jaihind', 'jennifer', 'jessica', 'jordan', 'joshua',
  'killer', 'klaster', 'kolkata', 'krishna', 'letmein', 'lovely', 'maggie', 'master', 'matrix', 'matthew',
  'michael', 'michelle', 'monkey', 'mother', 'mumbai', 'mustang', 'nicole', 'nirmaan', 'nirmaan123', 'nirmaan@123',
  'passw0rd', 'password', 'password1', 'password123', 'pepper', 'princess', 'qazwsx', 'qwerty', 'qwerty123', 'qwertyuiop',
  'ranger', 'robert', 'sachin', 'saibaba', 'sairam', 'secret', 'shadow', 'shivaya', 'soccer', 'starwars',
  'summer', 'sunshine', 'superman', 'taylor', 'test123', 'test@123', 'thomas', 'thunder', 'tigger', 'trustno1',
  'welcome', 'welcome1', 'welcome123', 'yankees', 'zxcvbn', 'zxcvbnm',
]);
