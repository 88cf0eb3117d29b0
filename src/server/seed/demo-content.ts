/**
 * Demo content for Ticklist: users, checklists and the social activity around them.
 *
 * Pure data. The seeder reads these arrays and inserts them; nothing here runs on import.
 * Keys (user `key`, checklist `key`) are internal references only and never shown to users.
 */

export type DemoUser = {
  key: string;
  username: string;
  profileName: string;
  avatar: string;
  email: string;
  isPublic: boolean;
};

export type DemoChecklist = {
  key: string; // unique slug, e.g. 'moving-house-week-by-week'
  authorKey: string; // DemoUser.key
  title: string;
  description: string; // 1-3 sentences, friendly and specific
  items: DemoEntry[]; // 6-15 concrete, actionable items, each under 120 chars, grouped by headings where it helps
  tags: string[]; // 2-4 lower-case tags
  estimatedTime: '5 minutes' | '15 minutes' | '20 minutes' | '30 minutes' | '1 hour' | '2+ hours' | 'Unknown';
  difficulty: 'easy' | 'medium' | 'hard';
  daysAgo: number; // created this many days ago (0-120)
};

/** An item (a string, or with a note) or a heading that opens a section. */
export type DemoEntry = string | { item: string; note: string } | { heading: string };

export type DemoComment = { checklistKey: string; authorKey: string; content: string; daysAgo: number };
export type DemoClone = { originalKey: string; clonerKey: string; daysAgo: number };
export type DemoLike = { checklistKey: string; userKey: string };
/** Completes the first `completedItems` items of the checklist, headings skipped (1 <= completedItems <= item count). */
export type DemoCompletion = { checklistKey: string; userKey: string; completedItems: number };
export type DemoFollow = { followerKey: string; followedKey: string };

export const DEMO_PASSWORD = 'ticklist-demo-2026';

// ---------------------------------------------------------------------------
// Users
// ---------------------------------------------------------------------------

export const demoUsers: DemoUser[] = [
  {
    // DIY homeowner who has just bought a slightly tired terraced house
    key: 'maya',
    username: 'maya_moves',
    profileName: 'Maya Okafor',
    avatar: '🦊',
    email: 'maya_moves@demo.ticklist.local',
    isPublic: true,
  },
  {
    // First-time parent-to-be, due in the spring
    key: 'priya',
    username: 'priya_expecting',
    profileName: 'Priya Shah',
    avatar: '🐼',
    email: 'priya_expecting@demo.ticklist.local',
    isPublic: true,
  },
  {
    // Camper and hill walker, happiest in a two-person tent
    key: 'sam',
    username: 'sam_outdoors',
    profileName: 'Sam Reid',
    avatar: '🐻',
    email: 'sam_outdoors@demo.ticklist.local',
    isPublic: true,
  },
  {
    // Job seeker, keeps the profile private while still at the current employer
    key: 'jordan',
    username: 'jordan_jobhunt',
    profileName: 'Jordan Ellis',
    avatar: '🦉',
    email: 'jordan_jobhunt@demo.ticklist.local',
    isPublic: false,
  },
  {
    // Traveller who flies hand-luggage only
    key: 'leo',
    username: 'leo_roams',
    profileName: 'Leo Martins',
    avatar: '🐢',
    email: 'leo_roams@demo.ticklist.local',
    isPublic: true,
  },
  {
    // Second-year university student
    key: 'ollie',
    username: 'ollie_revises',
    profileName: 'Ollie Chen',
    avatar: '🐨',
    email: 'ollie_revises@demo.ticklist.local',
    isPublic: true,
  },
  {
    // Club runner training for a first marathon, with a new rescue dog
    key: 'nina',
    username: 'Nina_Runs',
    profileName: 'Nina Kowalski',
    avatar: '🐇',
    email: 'nina_runs@demo.ticklist.local',
    isPublic: true,
  },
  {
    // Home cook who feeds a big family on a budget
    key: 'tomas',
    username: 'tomas_cooks',
    profileName: 'Tomás Rivera',
    avatar: '😋',
    email: 'tomas_cooks@demo.ticklist.local',
    isPublic: true,
  },
];

// ---------------------------------------------------------------------------
// Checklists
// ---------------------------------------------------------------------------

export const demoChecklists: DemoChecklist[] = [
  // --- maya (DIY homeowner) -------------------------------------------------
  {
    key: 'moving-house-week-by-week',
    authorKey: 'maya',
    title: 'Moving house: an eight-week countdown',
    description:
      'Everything I wish I had done earlier before our last move, in the order it needs doing. Start about two months before completion day and work down the list.',
    items: [
      'Eight weeks out: declutter room by room and book a charity collection for furniture you will not take',
      'Get at least three removal quotes and ask each firm whether packing materials are included',
      'Book the removal firm or van hire and confirm the moving date in writing',
      'Order broadband for the new address now, as installation can take two weeks or more',
      'Four weeks out: start packing the rooms and cupboards you use least',
      'Label every box with the destination room and a short list of contents on two sides',
      'Set up post redirection so letters follow you for at least three months',
      'Tell your bank, employer, GP, dentist, insurers and the council about your new address',
      'Update your driving licence and vehicle registration address',
      'Defrost and dry the freezer at least 24 hours before moving day',
      'Pack a clearly marked first-night box and keep it in the car, not the van',
      'Take dated photos of the gas, electricity and water meter readings at both properties',
      'Agree a key handover time with the estate agent and keep their number handy',
      'Register to vote at the new address once you have moved in',
    ],
    tags: ['moving house', 'planning'],
    estimatedTime: '2+ hours',
    difficulty: 'hard',
    daysAgo: 118,
  },
  {
    key: 'first-night-box',
    authorKey: 'maya',
    title: 'The first-night box for moving day',
    description:
      'One box that means you can make a cup of tea, shower and sleep on night one without opening anything else. Pack it last and unload it first.',
    items: [
      'Kettle, two mugs, teabags or coffee and a small carton of long-life milk',
      'Toilet roll and a bar of soap for every bathroom',
      'Bedding and pillows for each bed, packed in a vacuum bag',
      'One towel per person and a basic wash bag',
      'Phone chargers and a multi-socket extension lead',
      'Any daily medication for everyone in the household',
      'Screwdriver set, scissors and a box cutter for opening boxes and rebuilding beds',
      'A couple of spare light bulbs and a torch in case fittings are empty',
      'Bin bags, kitchen roll and an all-purpose cleaning spray',
      'Snacks and bottled water for the first evening',
      'Pet food, bowls and lead if you are moving with animals',
    ],
    tags: ['moving house', 'packing'],
    estimatedTime: '30 minutes',
    difficulty: 'easy',
    daysAgo: 110,
  },
  {
    key: 'autumn-heating-check',
    authorKey: 'maya',
    title: 'Get your heating ready before winter',
    description:
      'A short autumn routine that saves you from a cold house and an emergency call-out in December. Most of it needs no tools beyond a radiator key.',
    items: [
      'Book the annual boiler service with a Gas Safe registered engineer',
      'Turn the heating on for an hour to check every radiator gets warm',
      'Bleed any radiator that is cold at the top, starting on the ground floor',
      'Check the boiler pressure gauge and top up to the level in the manual if it has dropped',
      'Test the thermostat and reset the heating timer for darker mornings',
      'Test the carbon monoxide alarm near the boiler and replace it if past its expiry date',
      'Fit foam lagging to exposed pipes in the loft, garage and under-stair spaces',
      'Find the stopcock, make sure it turns, and show everyone in the house where it is',
      'Book a chimney sweep if you use an open fire or wood burner',
    ],
    tags: ['home maintenance', 'seasonal'],
    estimatedTime: '1 hour',
    difficulty: 'medium',
    daysAgo: 96,
  },
  {
    key: 'home-fire-safety-check',
    authorKey: 'maya',
    title: 'Quarterly smoke alarm and fire safety check',
    description: 'Fifteen minutes every three months. I put it in my calendar for the first Saturday of each season.',
    items: [
      'Press the test button on every smoke alarm and make sure there is one on each floor',
      'Replace batteries in any alarm that chirps or is not hard-wired',
      'Check the date on the back of each alarm and replace any older than ten years',
      'Test every carbon monoxide alarm',
      'Vacuum dust out of alarm vents with a soft brush attachment',
      'Check that extension leads are not daisy-chained or overloaded',
      'Make sure door and window keys are kept near, but not in, the locks',
      'Walk the family through the escape route and agree a meeting point outside',
      'Check the fire blanket in the kitchen is easy to reach and not blocked',
    ],
    tags: ['home maintenance', 'safety'],
    estimatedTime: '15 minutes',
    difficulty: 'easy',
    daysAgo: 74,
  },
  {
    key: 'spring-gutters-and-garden',
    authorKey: 'maya',
    title: 'Spring outdoor maintenance walk-round',
    description:
      'Winter weather finds every weak spot in a house. Walk round the outside on a dry spring day and deal with small problems before they turn into damp ones.',
    items: [
      'Clear leaves and moss from gutters and check downpipes drain freely',
      'Check the roof from the ground with binoculars for slipped or missing tiles',
      'Look for cracked render or missing pointing around windows and chimneys',
      'Check the sealant around window frames and external doors and redo any gaps',
      'Turn on the outside tap and check for leaks or frost damage',
      'Check fence posts and panels for rot or wind damage',
      'Clear air bricks and vents so they are not blocked by soil or plants',
      'Jet-wash or scrub slippery patio and path areas',
      'Service the lawnmower: clean the deck, sharpen or replace the blade, check the oil',
      'Treat the shed and any bare wooden fences with preservative on a dry day',
    ],
    tags: ['home maintenance', 'gardening', 'seasonal'],
    estimatedTime: '2+ hours',
    difficulty: 'medium',
    daysAgo: 31,
  },

  // --- priya (parent-to-be) ---------------------------------------------------
  {
    key: 'hospital-bag-for-birth',
    authorKey: 'priya',
    title: 'Hospital bag for labour and birth',
    description:
      'Put together with help from our midwife and two friends who had babies last year. Aim to have it packed by 36 weeks.',
    items: [
      'Maternity notes and your birth preferences, in a plastic wallet',
      'A loose nightie or oversized T-shirt you do not mind getting messy',
      'Two packs of maternity pads and several pairs of dark, high-waisted pants',
      'Two nursing bras and a box of breast pads',
      'Phone charger with an extra-long cable',
      'Lip balm, hair ties, toothbrush and a small towel',
      'Snacks and a bottle with a sports cap for labour',
      'Slippers and a dressing gown for walking the ward',
      'Baby: three vests, three sleepsuits, a hat and a pack of newborn nappies',
      'Baby: muslin squares and a blanket suitable for the weather',
      'Comfortable going-home clothes for you that fit a six-month bump',
      'Fit the rear-facing car seat in advance and practise taking it in and out',
    ],
    tags: ['new baby', 'packing', 'pregnancy'],
    estimatedTime: '1 hour',
    difficulty: 'easy',
    daysAgo: 88,
  },
  {
    key: 'nursery-setup',
    authorKey: 'priya',
    title: 'Setting up a safe nursery',
    description:
      'The baby will sleep in our room for the first six months, but we wanted the nursery ready for changes and daytime naps. Safety first, decoration second.',
    items: [
      'Buy a new, firm, flat cot mattress that fits with no gap bigger than two fingers at the edges',
      'Keep the cot clear: no pillows, bumpers, duvets or soft toys',
      'Place the cot away from radiators, windows and blind cords',
      'Fit a room thermometer and aim for 16 to 20 degrees Celsius',
      'Fit blackout blinds and secure any cords with a cleat high on the wall',
      'Anchor the chest of drawers and wardrobe to the wall with anti-tip straps',
      "Set up the changing area so nappies, wipes and cream are within arm's reach",
      'Wash all baby clothes and bedding before first use',
      'Plug in a dim night light for night feeds and changes',
      'Test the baby monitor from the rooms where you spend evenings',
    ],
    tags: ['new baby', 'home', 'safety'],
    estimatedTime: '2+ hours',
    difficulty: 'medium',
    daysAgo: 80,
  },
  {
    key: 'first-week-home-with-newborn',
    authorKey: 'priya',
    title: 'First week home with a newborn',
    description:
      'Not a schedule, just the things that are easy to forget when you are running on three hours of sleep. Tick them off as you go.',
    items: [
      'Keep a simple log of feeds and wet and dirty nappies to show the midwife',
      'Put baby down to sleep on their back, in their own cot or Moses basket, every time',
      'Write down the midwife and health visitor numbers and stick them on the fridge',
      'Book the birth registration appointment, which must happen within 42 days in England and Wales',
      'Fill the freezer with ready meals or accept every offer of food from friends',
      'Agree visiting times and let visitors know they may be asked to wash hands or wait',
      'Rest whenever the baby sleeps instead of catching up on housework',
      'Ask for help with at least one feed or nappy change a day',
      'Book the six-to-eight-week check for both parent and baby with the GP',
    ],
    tags: ['new baby', 'parenting'],
    estimatedTime: 'Unknown',
    difficulty: 'hard',
    daysAgo: 45,
  },
  {
    key: 'baby-proofing-before-crawling',
    authorKey: 'priya',
    title: 'Baby-proofing the house before they crawl',
    description:
      'Do this at around five months, before your baby starts moving. Get down on your hands and knees in each room to see what they will see.',
    items: [
      'Fit safety gates at the top and bottom of the stairs',
      'Anchor bookcases, drawers and the TV to the wall',
      'Move cleaning products and dishwasher tablets to a high cupboard or fit child locks',
      'Store button batteries, magnets and medicines well out of reach',
      'Tie up or cut blind and curtain cords and fix them high on the wall',
      'Fit window restrictors upstairs so windows open no more than 10 cm',
      'Turn pan handles inwards on the hob and use back rings first',
      'Fit corner protectors to low tables with sharp edges',
      'Keep hot drinks well away from the edges of tables and worktops',
      'Remove or secure small objects that fit through a toilet roll tube',
    ],
    tags: ['new baby', 'home maintenance', 'safety'],
    estimatedTime: '2+ hours',
    difficulty: 'medium',
    daysAgo: 19,
  },

  // --- sam (camper) ---------------------------------------------------------
  {
    key: 'weekend-car-camping-kit',
    authorKey: 'sam',
    title: 'Weekend car camping kit list',
    description:
      'My tried-and-tested list for a two-night campsite trip when you can park next to the tent. Check it off the night before so nothing stays in the garage.',
    items: [
      { heading: 'Shelter and sleep' },
      {
        item: 'Tent, footprint, poles and pegs, plus six spare pegs and a mallet',
        note: 'Pitch it once in the garden before the first trip of the year: a missing pole is found at home, not at dusk.',
      },
      'Sleeping bag rated for the coldest night in the forecast',
      'Sleeping mat or airbed and a pump that works without mains power',
      { heading: 'Kitchen' },
      'Camping stove, a full gas canister and a lighter or matches',
      'Pan, kettle, sporks, plates, mugs and a sharp knife',
      {
        item: 'Cool box with ice packs frozen the night before',
        note: 'Frozen two-litre bottles of water work as well as ice packs,\nand they are drinking water by the last day.',
      },
      'Water carrier and a collapsible washing-up bowl',
      { heading: 'Light, weather and first aid' },
      'Head torch for each person with fresh batteries',
      'Waterproof jacket and trousers, even if the forecast is dry',
      {
        item: 'First aid kit with plasters, blister pads, antihistamines and tick remover',
        note: 'How to remove a tick safely: https://www.nhs.uk/conditions/lyme-disease/',
      },
      { heading: 'Around the pitch' },
      'Bin bags and a bag for recycling',
      'Camp chairs and a windbreak if the pitch is exposed',
    ],
    tags: ['camping', 'packing', 'outdoors'],
    estimatedTime: '30 minutes',
    difficulty: 'easy',
    daysAgo: 115,
  },
  {
    key: 'campsite-pack-up',
    authorKey: 'sam',
    title: 'Leave no trace: packing up your pitch',
    description: 'Leave the pitch looking like nobody was there. This is my routine on the last morning.',
    items: [
      'Start packing at least an hour before you need to leave',
      'Walk the pitch in a line and pick up every scrap, including tiny bits of foil and tape',
      'Make sure any fire or barbecue is completely out: drown it, stir it and feel for heat',
      'Take ashes and disposable barbecues to the proper bins, never bury them',
      'Scatter washing-up water well away from streams and lakes',
      'Count the pegs as you pull them up so none are left in the grass',
      'Shake out the tent and footprint and pack them loosely if wet',
      'Sort rubbish and recycling into the campsite bins or take it home',
      'Pitch the tent again at home and dry it fully within two days to stop mould',
    ],
    tags: ['camping', 'outdoors'],
    estimatedTime: '1 hour',
    difficulty: 'easy',
    daysAgo: 67,
  },
  {
    key: 'first-wild-camp',
    authorKey: 'sam',
    title: 'Your first wild camp',
    description:
      'Wild camping is brilliant but it comes with responsibilities. Check the local rules first, keep it small and leave no sign you were there.',
    items: [
      'Check the access rules for the area, as wild camping needs landowner permission in most of England and Wales',
      'Check the mountain forecast, not just the town forecast, the day before and the morning of',
      'Leave your route and expected return time with someone at home',
      'Do a practice night in the garden with the exact kit you will carry',
      'Pack a trowel and bags so you can bury or carry out toilet waste',
      'Arrive late, pitch away from paths and buildings, and leave early',
      'Keep the group small and the noise down',
      'Do not light fires; use a stove on a stable, non-flammable surface',
      'Camp well away from streams and lochs and never wash directly in them',
      'Take out everything you bring in, including food scraps and fruit peel',
    ],
    tags: ['camping', 'outdoors', 'hiking'],
    estimatedTime: 'Unknown',
    difficulty: 'hard',
    daysAgo: 53,
  },
  {
    key: 'pre-road-trip-car-check',
    authorKey: 'sam',
    title: 'Car checks before a long road trip',
    description:
      'Twenty minutes on the driveway before you set off. Do the fluid checks on level ground with the engine cold.',
    items: [
      'Check tyre tread depth is at least the legal minimum of 1.6 mm across the centre of the tyre',
      'Check tyre pressures for a loaded car using the figures in the door sill or handbook',
      'Check the spare wheel or the tyre repair kit is there and usable',
      'Check engine oil on the dipstick and top up to between the marks',
      'Check coolant is between the minimum and maximum lines',
      'Fill up the screenwash and check the wipers clear the glass without streaks',
      'Walk round with someone to check every light, including brake and reverse lights',
      'Save your breakdown cover number and policy details in your phone',
      'Pack a warning triangle, hi-vis vest, blanket, water and phone charger',
      'Plan breaks of at least 15 minutes every two hours of driving',
    ],
    tags: ['car', 'travel', 'safety'],
    estimatedTime: '20 minutes',
    difficulty: 'easy',
    daysAgo: 38,
  },

  // --- jordan (job seeker) --------------------------------------------------
  {
    key: 'night-before-job-interview',
    authorKey: 'jordan',
    title: 'The night before a job interview',
    description:
      'Do all of this the evening before so the morning is calm. It got me through six interviews this spring.',
    items: [
      'Re-read the job description and highlight the three skills they mention most',
      'Write one short example for each of those skills using Situation, Task, Action, Result',
      'Prepare a two-minute answer to "Tell me about yourself"',
      'Write down three questions to ask the interviewers',
      'Print two copies of your CV and put them in a folder with a pen and notepad',
      'Lay out your clothes, check for marks and polish your shoes',
      'Plan your route and aim to arrive ten minutes early, with a backup option',
      'Save the interviewer names and the reception phone number in your phone',
      'Charge your phone and set two alarms',
      "Stop preparing by 9pm and get a proper night's sleep",
    ],
    tags: ['job interview', 'career'],
    estimatedTime: '1 hour',
    difficulty: 'medium',
    daysAgo: 102,
  },
  {
    key: 'research-company-before-interview',
    authorKey: 'jordan',
    title: 'Researching a company before you interview',
    description:
      'Interviewers can tell within a minute whether you have done your homework. Work through this the week before.',
    items: [
      'Read the company website, especially the About, Careers and News pages',
      'Search for news stories about the company from the last six months',
      'Skim the latest annual report or impact report if one is published',
      'Try their product or service yourself and note one thing you would improve',
      'Look up your interviewers on LinkedIn and note their role and background',
      'Read employee reviews and look for patterns rather than single complaints',
      'Identify two main competitors and how this company is different',
      'Write down the company values and a personal example that matches one of them',
      'Prepare a short, specific answer to "Why do you want to work here?"',
    ],
    tags: ['job interview', 'career', 'research'],
    estimatedTime: '2+ hours',
    difficulty: 'medium',
    daysAgo: 95,
  },
  {
    key: 'video-interview-setup',
    authorKey: 'jordan',
    title: 'Video interview tech and room setup',
    description:
      'Most first-round interviews are on video now. Sort the tech out the day before, then repeat the quick checks an hour before the call.',
    items: [
      'Open the meeting link the day before and install or update any software it needs',
      'Set your display name to your full name',
      'Raise the laptop so the camera is at eye level',
      'Sit facing a window or lamp so your face is evenly lit',
      'Choose a plain, tidy background or use a subtle blur',
      'Test your microphone and use wired headphones if the room echoes',
      'Turn off notifications and close every other app and browser tab',
      'Plug in the charger and move closer to the router or use a cable',
      'Put a glass of water and brief notes just below the camera',
      "Have the recruiter's phone number ready in case the connection drops",
    ],
    tags: ['job interview', 'remote work'],
    estimatedTime: '20 minutes',
    difficulty: 'easy',
    daysAgo: 60,
  },
  {
    key: 'first-week-new-job',
    authorKey: 'jordan',
    title: 'Making a good start in your first week at a new job',
    description:
      'Written after I finally got the offer. The first week sets the tone, so focus on people and expectations rather than trying to prove yourself on day one.',
    items: [
      'Ask your manager what success looks like at 30, 60 and 90 days',
      'Write down names and roles of everyone you meet, with a note to help you remember them',
      'Book short introduction chats with each person on your immediate team',
      'Get access to every system and tool you need, and list anything still missing',
      'Find out how the team communicates: which chat channels, meetings and documents matter',
      'Check your payroll details, tax code and pension enrolment are correct',
      'Read any onboarding documents and note questions as you go',
      'Pick one small task you can finish and deliver by the end of the week',
      'Ask for a check-in with your manager on Friday to review the week',
    ],
    tags: ['career', 'work'],
    estimatedTime: 'Unknown',
    difficulty: 'medium',
    daysAgo: 12,
  },
  {
    key: 'monthly-budget-review',
    authorKey: 'jordan',
    title: 'Monthly money check-in',
    description:
      'Thirty minutes on the first weekend of the month with a cup of tea and your banking app. Keeping on top of this is what got me through a few months between jobs.',
    items: [
      "Download last month's statements for every current account and credit card",
      'Sort spending into categories: bills, food, transport, fun and one-offs',
      'Compare each category with what you planned to spend',
      'Cancel any subscription you did not use last month',
      'Check every direct debit and standing order is one you recognise',
      'Make sure credit card balances are paid in full, or set a plan to clear them',
      'Look ahead for annual bills due in the next three months and set money aside',
      'Move your savings amount on payday, before you start spending',
      'Set a realistic spending target for each category for the coming month',
    ],
    tags: ['finance', 'budgeting'],
    estimatedTime: '30 minutes',
    difficulty: 'easy',
    daysAgo: 70,
  },

  // --- leo (traveller) ------------------------------------------------------
  {
    key: 'two-weeks-before-international-trip',
    authorKey: 'leo',
    title: 'Two weeks before an international trip',
    description:
      'The admin that catches people out at the airport. Some of it, like vaccinations and visas, is better started even earlier.',
    items: [
      'Check your passport expiry date against the entry rules of every country you are visiting',
      'Apply for any visa or electronic travel authorisation you need',
      'Buy travel insurance that covers your activities and any pre-existing conditions',
      'Check official travel health advice, as some vaccines need several weeks to take effect',
      "Check your bank's fees abroad and order a low-fee travel card if needed",
      'Save digital copies of your passport, insurance and bookings somewhere you can reach offline',
      'Download offline maps and any transport apps for your destination',
      'Check the baggage allowance on every flight and pay for bags in advance if needed',
      'Buy the right plug adaptors for each country',
      'Arrange care for pets and plants, and tell a neighbour when you will be away',
    ],
    tags: ['travel', 'planning'],
    estimatedTime: '1 hour',
    difficulty: 'medium',
    daysAgo: 108,
  },
  {
    key: 'carry-on-only-packing',
    authorKey: 'leo',
    title: 'Packing carry-on only for a week away',
    description:
      'I have done two-week trips with just a cabin bag. The secret is planning outfits, not packing more of them.',
    items: [
      "Check the airline's cabin bag size and weight limits and measure your bag",
      'Check the liquids rules for your departure airport and decant into small bottles',
      'Plan a capsule wardrobe: four tops, two bottoms and one layer that all go together',
      'Wear your heaviest shoes and jacket on the plane',
      'Roll soft clothes and use packing cubes to compress them',
      'Pack one outfit for a smart dinner that folds flat',
      'Put power banks and spare batteries in the cabin bag, never in checked luggage',
      'Bring a small travel wash or plan a laundry stop halfway through',
      'Leave a little space for anything you buy while away',
    ],
    tags: ['travel', 'packing'],
    estimatedTime: '30 minutes',
    difficulty: 'medium',
    daysAgo: 85,
  },
  {
    key: 'leaving-home-for-holiday',
    authorKey: 'leo',
    title: 'Before you lock the door for a holiday',
    description:
      'The last-day checklist I run through before leaving the flat empty for a week or more. Come back to a home that is safe, dry and does not smell of old milk.',
    items: [
      'Eat up or freeze anything in the fridge that will go off',
      'Put the bins out or empty them so nothing is left indoors',
      'Pause newspaper, milk and grocery deliveries',
      'Ask a neighbour to collect post and parcels from the doorstep',
      'Set the heating to frost protection in winter instead of turning it off',
      'Unplug the TV, computer and other non-essential appliances',
      'Put a lamp on a timer so the house does not look empty at night',
      'Water houseplants well and group them together out of direct sun',
      'Close and lock every window, including small ones in bathrooms',
      'Hold off posting holiday photos online until you are home',
      'Set an out-of-office reply on your work email',
    ],
    tags: ['travel', 'home maintenance', 'security'],
    estimatedTime: '30 minutes',
    difficulty: 'easy',
    daysAgo: 57,
  },
  {
    key: 'wedding-abroad-guest',
    authorKey: 'leo',
    title: 'Guest at a destination wedding',
    description:
      'Being invited to a wedding abroad is exciting and expensive. Sort these early and you will enjoy the day rather than worrying about logistics.',
    items: [
      'RSVP by the deadline and tell the couple about any dietary needs',
      'Book flights as soon as the date is confirmed, when prices are lowest',
      'Book accommodation close to the venue or on the shuttle route',
      'Check the dress code and the likely weather so your outfit is practical',
      'Buy travel insurance that covers cancellation and your outfit',
      'Check the gift list and decide on a budget before you go',
      'Carry your wedding outfit in your hand luggage',
      'Find out how you will get to and from the venue, especially late at night',
      'Get some local currency for tips and taxis',
    ],
    tags: ['wedding', 'travel'],
    estimatedTime: '2+ hours',
    difficulty: 'medium',
    daysAgo: 22,
  },

  // --- ollie (student) ------------------------------------------------------
  {
    key: 'exam-revision-week',
    authorKey: 'ollie',
    title: 'Exam revision week that actually works',
    description:
      'What moved me from cramming to calm: active recall, past papers and sleep. Works for school exams and university finals alike.',
    items: [
      'List every topic on the syllabus and mark each red, amber or green',
      'Make a day-by-day timetable that puts red topics first',
      'Work in 25-minute focused blocks with 5-minute breaks',
      'Turn notes into flashcards and test yourself rather than rereading',
      'Revisit each topic after one day, three days and a week',
      'Do at least one past paper per subject under timed conditions',
      'Mark past papers against the mark scheme and note what examiners look for',
      'Leave your phone in another room while you revise',
      'Sleep at least seven hours, especially the night before an exam',
      'Check the time, room and permitted equipment for every exam',
      'Pack pens, calculator, student ID and a clear water bottle the night before',
    ],
    tags: ['study', 'exams'],
    estimatedTime: '2+ hours',
    difficulty: 'hard',
    daysAgo: 90,
  },
  {
    key: 'moving-into-student-halls',
    authorKey: 'ollie',
    title: 'Moving into student halls',
    description:
      "What to pack, what to sort out in the first week and what you can skip. Check your halls' rules before buying anything electrical.",
    items: [
      'Check what your halls provide, such as bedding, kitchenware or a desk lamp',
      'Pack bedding, two towels and a mattress protector',
      'Take a basic kitchen kit: one pan, one frying pan, plate, bowl, mug and cutlery',
      'Label your kitchen things, as they have a way of disappearing',
      "Check whether your belongings are covered by the halls' contents insurance",
      'Register with a GP near campus in your first week',
      'Open a student bank account and check the interest-free overdraft terms',
      'Pack a small first aid kit with painkillers, plasters and cold remedies',
      'Check whether you need a TV licence before watching live TV or BBC iPlayer',
      "Knock on your flatmates' doors on day one and suggest a shared meal",
    ],
    tags: ['moving house', 'study', 'university'],
    estimatedTime: '1 hour',
    difficulty: 'easy',
    daysAgo: 64,
  },
  {
    key: 'student-budget-setup',
    authorKey: 'ollie',
    title: 'Setting up a student budget for the term',
    description:
      'Your loan arrives in one lump and has to last until the next one. Do this in the first week of term and your money lasts until the end.',
    items: [
      'Write down the date and amount of each loan instalment, grant or bursary',
      'Subtract rent and other fixed bills for the term',
      'Divide what is left by the number of weeks until the next payment',
      'Move your weekly allowance into a separate spending account each Monday',
      'Sign up for student discount schemes before you buy anything big',
      'Buy second-hand textbooks or check the library before paying full price',
      'Cook in batches with flatmates to cut the food bill',
      'Track every purchase for the first month so you know where money goes',
      'Avoid buy-now-pay-later for anything that is not essential',
    ],
    tags: ['finance', 'study', 'budgeting'],
    estimatedTime: '30 minutes',
    difficulty: 'easy',
    daysAgo: 41,
  },

  // --- nina (runner) --------------------------------------------------------
  {
    key: 'couch-to-5k-first-week',
    authorKey: 'nina',
    title: 'Couch to 5K: your first week',
    description:
      'Everyone starts somewhere. Three short sessions this week, mostly walking, and the aim is simply to finish each one.',
    items: [
      'Get fitted for running shoes at a specialist shop if you can',
      'Plan three runs this week with a rest day between each',
      'Warm up with a five-minute brisk walk before every session',
      'Alternate 60 seconds of gentle running with 90 seconds of walking, eight times',
      'Run slowly enough to hold a conversation',
      'Cool down with a five-minute walk and some gentle stretches',
      'Log each session in an app or notebook',
      'Drink water before and after each session',
      'Stop and rest if you feel sharp pain rather than ordinary tiredness',
    ],
    tags: ['fitness', 'running'],
    estimatedTime: '30 minutes',
    difficulty: 'easy',
    daysAgo: 100,
  },
  {
    key: 'race-day-morning',
    authorKey: 'nina',
    title: 'Race day morning routine',
    description:
      'From a 10K to a marathon, race morning goes better with a plan. The golden rule: nothing new on race day.',
    items: [
      'Lay out your kit the night before and pin your race number to the front of your top',
      'Attach the timing chip if it is separate from your bib',
      'Eat a breakfast you have tested in training, two to three hours before the start',
      'Arrive at least an hour early so you are not rushed',
      'Join the toilet queue as soon as you arrive',
      'Drop off your bag and keep an old layer to throw away at the start',
      'Do ten minutes of easy jogging and a few strides to warm up',
      'Start in the pen that matches your expected finish time',
      'Run the first mile slower than target pace',
      'Take gels or drinks at the times you practised',
      'Put on a warm layer and eat something within 30 minutes of finishing',
    ],
    tags: ['fitness', 'running', 'events'],
    estimatedTime: '2+ hours',
    difficulty: 'medium',
    daysAgo: 34,
  },
  {
    key: 'new-dog-first-week',
    authorKey: 'nina',
    title: 'Bringing home a rescue dog: the first week',
    description:
      'We adopted a lurcher in the autumn and these are the things that made the first week go smoothly. Give them time, routine and a quiet place of their own.',
    items: [
      'Register with a local vet and book a first health check',
      'Update the microchip database with your name, address and phone number',
      'Put a collar and ID tag on the dog with your name and address',
      'Buy the same food the rescue centre used and change it gradually if needed',
      'Set up a bed or crate in a quiet corner where the dog can retreat',
      'Remove chocolate, grapes, raisins, onions and anything containing xylitol from reach',
      'Arrange pet insurance before any health issues appear',
      'Keep walks short and on the lead until recall is reliable',
      'Stick to the same times for meals, walks and bed every day',
      'Keep visitors to a minimum for the first few days',
    ],
    tags: ['pets', 'dogs'],
    estimatedTime: 'Unknown',
    difficulty: 'medium',
    daysAgo: 26,
  },

  // --- tomas (cook) ---------------------------------------------------------
  {
    key: 'sunday-meal-prep',
    authorKey: 'tomas',
    title: 'Sunday meal prep for the working week',
    description:
      'Two hours on a Sunday means proper lunches and quick dinners until Thursday. I cook for five, so halve everything if you are cooking for two.',
    items: [
      'Check what is already in the fridge and cupboards before planning',
      'Plan four dinners and one lunch you can batch, using overlapping ingredients',
      'Write the shopping list in the order of the supermarket aisles',
      'Cook a big pot of rice, grains or pasta first, since it takes longest',
      'Roast two trays of mixed vegetables at the same time',
      'Cook your proteins, such as chicken thighs, lentils or a tray of tofu',
      'Cool cooked food quickly and get it into the fridge within two hours',
      'Portion into containers and label each with the date',
      'Eat chilled portions within three days and freeze the rest',
      'Wash up as you go so the kitchen is clear when you finish',
    ],
    tags: ['cooking', 'meal prep'],
    estimatedTime: '2+ hours',
    difficulty: 'medium',
    daysAgo: 105,
  },
  {
    key: 'stock-a-basic-pantry',
    authorKey: 'tomas',
    title: 'Stock a basic pantry for quick meals',
    description:
      'With these in the cupboard you are never more than twenty minutes from a proper dinner. Buy them gradually rather than all at once.',
    items: [
      'Buy olive oil for dressings and a neutral oil such as sunflower for frying',
      'Keep salt, black pepper, dried chilli flakes, ground cumin and smoked paprika',
      'Stock tinned tomatoes, chickpeas and coconut milk',
      'Keep dried pasta, rice and red lentils in airtight jars',
      'Buy stock cubes or concentrated stock pots',
      'Keep soy sauce, a vinegar and a jar of mustard for quick flavour',
      'Always have onions and garlic in a cool, dark basket',
      'Keep frozen peas, spinach and a loaf of sliced bread in the freezer',
      'Keep a box of eggs, which make a meal in five minutes',
      'Start a running list on the fridge and add things as soon as they run low',
    ],
    tags: ['cooking', 'finance'],
    estimatedTime: '1 hour',
    difficulty: 'easy',
    daysAgo: 76,
  },
  {
    key: 'dinner-party-for-eight',
    authorKey: 'tomas',
    title: 'Hosting a relaxed dinner party for eight',
    description:
      'The trick is choosing dishes you can make ahead so you get to sit down with your guests. Start three days out.',
    items: [
      'Confirm numbers and ask every guest about allergies and dietary needs',
      'Choose a menu where at least two of three courses can be made in advance',
      'Never cook a dish for the first time on the night; test it the week before',
      'Shop for dry goods and drinks two days before, fresh ingredients the day before',
      'Make dessert and any sauces the day before',
      'Write a cooking timetable that works back from the time you want to eat',
      'Set the table and chill drinks in the morning',
      'Have a good alcohol-free option, not just tap water',
      'Empty the dishwasher and bins before guests arrive',
      'Put out a simple nibble so nobody minds if the main course runs late',
    ],
    tags: ['cooking', 'entertaining'],
    estimatedTime: '2+ hours',
    difficulty: 'hard',
    daysAgo: 48,
  },
  {
    key: 'vegetable-patch-spring',
    authorKey: 'tomas',
    title: 'Starting a vegetable patch in spring',
    description: 'My first raised bed fed us salads all summer. Start small with easy crops and you will get hooked.',
    items: [
      'Choose a spot that gets at least six hours of sun a day',
      'Clear weeds and roots, then dig in a thick layer of compost',
      'Look up the average last frost date for your area',
      'Start with easy crops: salad leaves, radishes, runner beans and courgettes',
      'Sow hardy seeds such as radishes and spinach directly outdoors in early spring',
      'Harden off indoor-raised seedlings outside during the day for a week before planting',
      'Protect young plants from slugs with a barrier or by collecting them at dusk',
      'Water in the morning at the base of the plants, not over the leaves',
      'Label every row with the crop name and sowing date',
      'Sow a short row of salad every two to three weeks for a steady supply',
    ],
    tags: ['gardening', 'cooking'],
    estimatedTime: '2+ hours',
    difficulty: 'medium',
    daysAgo: 8,
  },
];

// ---------------------------------------------------------------------------
// Clones: the seeder copies the original's content into a new list owned by the cloner.
// ---------------------------------------------------------------------------

export const demoClones: DemoClone[] = [
  { originalKey: 'moving-house-week-by-week', clonerKey: 'priya', daysAgo: 72 },
  { originalKey: 'carry-on-only-packing', clonerKey: 'nina', daysAgo: 30 },
  { originalKey: 'sunday-meal-prep', clonerKey: 'jordan', daysAgo: 50 },
];

// ---------------------------------------------------------------------------
// Comments
// ---------------------------------------------------------------------------

export const demoComments: DemoComment[] = [
  {
    checklistKey: 'moving-house-week-by-week',
    authorKey: 'priya',
    content:
      'The broadband tip saved us. Our provider quoted three weeks for installation, so ordering early meant we were online on day one.',
    daysAgo: 110,
  },
  {
    checklistKey: 'moving-house-week-by-week',
    authorKey: 'ollie',
    content:
      'Labelling boxes on two sides sounds fussy, but it made unloading so much quicker when they were stacked against the wall.',
    daysAgo: 95,
  },
  {
    checklistKey: 'moving-house-week-by-week',
    authorKey: 'sam',
    content:
      'I would add: photograph the back of the TV and router before unplugging, so you know which cable goes where.',
    daysAgo: 70,
  },
  {
    checklistKey: 'moving-house-week-by-week',
    authorKey: 'maya',
    content:
      'Good shout, Sam. I have done that ever since a very long evening untangling HDMI cables in an empty living room.',
    daysAgo: 68,
  },
  {
    checklistKey: 'first-night-box',
    authorKey: 'nina',
    content:
      'Having the pet food and lead in the box was a lifesaver. Our dog was unsettled enough without a late-night dash to the shop.',
    daysAgo: 90,
  },
  {
    checklistKey: 'autumn-heating-check',
    authorKey: 'tomas',
    content:
      'Bleeding the downstairs radiators first was the step I always got wrong. Two of ours are properly warm again now.',
    daysAgo: 90,
  },
  {
    checklistKey: 'autumn-heating-check',
    authorKey: 'jordan',
    content:
      'Booked the boiler service after reading this and the engineer found a worn seal. Much cheaper than a breakdown in January.',
    daysAgo: 20,
  },
  {
    checklistKey: 'home-fire-safety-check',
    authorKey: 'priya',
    content:
      'I had no idea smoke alarms expire after ten years. Both of ours were dated 2011, so they have now been replaced.',
    daysAgo: 70,
  },
  {
    checklistKey: 'spring-gutters-and-garden',
    authorKey: 'tomas',
    content:
      'Clearing the air bricks sorted out a damp smell in our back room that we had been blaming on drying the washing indoors.',
    daysAgo: 5,
  },
  {
    checklistKey: 'hospital-bag-for-birth',
    authorKey: 'maya',
    content:
      'Sending this to my sister. The extra-long charger cable is the one thing she said she desperately wanted last time.',
    daysAgo: 80,
  },
  {
    checklistKey: 'hospital-bag-for-birth',
    authorKey: 'nina',
    content:
      'A friend suggested taking your own pillow in a brightly coloured case so it does not get mixed up with the hospital ones.',
    daysAgo: 50,
  },
  {
    checklistKey: 'hospital-bag-for-birth',
    authorKey: 'priya',
    content: 'Thanks, Nina. A bright pillowcase is going in the bag this weekend.',
    daysAgo: 47,
  },
  {
    checklistKey: 'nursery-setup',
    authorKey: 'tomas',
    content:
      'The two-finger gap test for the mattress is exactly what our health visitor showed us. Worth doing with any second-hand cot.',
    daysAgo: 75,
  },
  {
    checklistKey: 'first-week-home-with-newborn',
    authorKey: 'tomas',
    content:
      "Accepting every offer of food is the best advice here. We lived on friends' lasagnes for a fortnight and it was wonderful.",
    daysAgo: 40,
  },
  {
    checklistKey: 'first-week-home-with-newborn',
    authorKey: 'leo',
    content:
      'Forwarded this to my brother, whose baby is due next month. The 42-day deadline for registering the birth was news to both of us.',
    daysAgo: 30,
  },
  {
    checklistKey: 'baby-proofing-before-crawling',
    authorKey: 'maya',
    content:
      'Window restrictors are easy to fit yourself. Ours took about ten minutes per window with a drill and the screws supplied.',
    daysAgo: 15,
  },
  {
    checklistKey: 'weekend-car-camping-kit',
    authorKey: 'leo',
    content:
      'Freezing the ice packs the night before made a real difference. Our milk was still cold on the second morning.',
    daysAgo: 100,
  },
  {
    checklistKey: 'weekend-car-camping-kit',
    authorKey: 'ollie',
    content:
      'First camping trip done using this list. The six spare pegs saved us when half of ours bent on a very stony pitch.',
    daysAgo: 80,
  },
  {
    checklistKey: 'campsite-pack-up',
    authorKey: 'maya',
    content:
      'Pitching the tent again at home to dry it feels like a chore, but the one time we skipped it the tent went mouldy.',
    daysAgo: 60,
  },
  {
    checklistKey: 'first-wild-camp',
    authorKey: 'leo',
    content:
      'Checking the mountain forecast rather than the town one is so important. It was sunny in the valley and blowing a gale on top.',
    daysAgo: 45,
  },
  {
    checklistKey: 'first-wild-camp',
    authorKey: 'ollie',
    content:
      'Did the practice night in the garden first and found my sleeping mat had a slow leak. Much better to discover that at home.',
    daysAgo: 33,
  },
  {
    checklistKey: 'pre-road-trip-car-check',
    authorKey: 'leo',
    content:
      'No tread gauge? Put a 20p coin in the main groove; if you can see its outer band, get the tyres checked properly.',
    daysAgo: 36,
  },
  {
    checklistKey: 'night-before-job-interview',
    authorKey: 'ollie',
    content:
      'The STAR examples made my placement interview so much easier. I had three ready and ended up using all of them.',
    daysAgo: 90,
  },
  {
    checklistKey: 'night-before-job-interview',
    authorKey: 'leo',
    content: 'Stopping at 9pm is underrated. Cramming late at night always left me more nervous, not less.',
    daysAgo: 70,
  },
  {
    checklistKey: 'research-company-before-interview',
    authorKey: 'ollie',
    content:
      'Trying their app and suggesting one improvement got a really good reaction in my interview. They asked me to expand on it.',
    daysAgo: 58,
  },
  {
    checklistKey: 'video-interview-setup',
    authorKey: 'priya',
    content: 'Facing the window instead of sitting with it behind me made a huge difference to how I looked on camera.',
    daysAgo: 52,
  },
  {
    checklistKey: 'first-week-new-job',
    authorKey: 'leo',
    content:
      'Worth checking the tax code on your first payslip as well. Mine was on an emergency code for two months before I noticed.',
    daysAgo: 3,
  },
  {
    checklistKey: 'monthly-budget-review',
    authorKey: 'ollie',
    content:
      'Found two subscriptions I had completely forgotten about. Cancelling them saves about a month of food shopping over a year.',
    daysAgo: 62,
  },
  {
    checklistKey: 'monthly-budget-review',
    authorKey: 'tomas',
    content:
      'Putting money aside three months before annual bills stopped the car insurance renewal from being a nasty shock.',
    daysAgo: 37,
  },
  {
    checklistKey: 'two-weeks-before-international-trip',
    authorKey: 'sam',
    content:
      'Some countries want six months left on your passport, so do that check long before the two-week mark. It caught a friend out.',
    daysAgo: 99,
  },
  {
    checklistKey: 'carry-on-only-packing',
    authorKey: 'nina',
    content:
      'The capsule wardrobe idea works for race weekends too: running kit in one packing cube and everything else in another.',
    daysAgo: 78,
  },
  {
    checklistKey: 'leaving-home-for-holiday',
    authorKey: 'maya',
    content:
      'Frost protection rather than switching the heating off is so important. A neighbour came home to burst pipes one January.',
    daysAgo: 50,
  },
  {
    checklistKey: 'wedding-abroad-guest',
    authorKey: 'priya',
    content: "Outfit in the hand luggage, always. My cousin's suitcase went to Lisbon without her.",
    daysAgo: 16,
  },
  {
    checklistKey: 'exam-revision-week',
    authorKey: 'jordan',
    content:
      'Revisiting topics after one day, three days and a week works for professional exams too. I used it for my accountancy modules.',
    daysAgo: 82,
  },
  {
    checklistKey: 'exam-revision-week',
    authorKey: 'nina',
    content: 'Leaving the phone in another room is the hardest item on this list and by far the most effective.',
    daysAgo: 63,
  },
  {
    checklistKey: 'moving-into-student-halls',
    authorKey: 'maya',
    content: 'Labelling kitchen things is so true. My brother lost three mugs and a frying pan in his first term.',
    daysAgo: 59,
  },
  {
    checklistKey: 'student-budget-setup',
    authorKey: 'jordan',
    content:
      'Moving a weekly allowance into a separate account is exactly how I budget between jobs. It works at any age.',
    daysAgo: 35,
  },
  {
    checklistKey: 'couch-to-5k-first-week',
    authorKey: 'ollie',
    content:
      'Week one done. Running slowly enough to talk felt almost too easy, but I finished every session for once.',
    daysAgo: 86,
  },
  {
    checklistKey: 'couch-to-5k-first-week',
    authorKey: 'jordan',
    content:
      'Getting properly fitted for shoes sorted out the shin pain that stopped me the last time I tried running.',
    daysAgo: 61,
  },
  {
    checklistKey: 'race-day-morning',
    authorKey: 'ollie',
    content:
      'Ran my first 10K on Sunday. Starting slower than target pace meant I still had energy for the last two kilometres.',
    daysAgo: 7,
  },
  {
    checklistKey: 'new-dog-first-week',
    authorKey: 'sam',
    content:
      'Good call on xylitol. It turns up in some peanut butters and sugar-free gum, so always check the label before sharing treats.',
    daysAgo: 21,
  },
  {
    checklistKey: 'sunday-meal-prep',
    authorKey: 'jordan',
    content:
      'Planning meals with overlapping ingredients cut my shopping bill noticeably. One tray of roast veg ends up in three dinners.',
    daysAgo: 94,
  },
  {
    checklistKey: 'stock-a-basic-pantry',
    authorKey: 'ollie',
    content:
      'Bought red lentils and coconut milk on your advice and made a dal in twenty minutes. A proper dinner for under two pounds.',
    daysAgo: 71,
  },
  {
    checklistKey: 'dinner-party-for-eight',
    authorKey: 'leo',
    content:
      'Never cooking a dish for the first time on the night is the best rule here. I learned that one the hard way with a souffle.',
    daysAgo: 39,
  },
  {
    checklistKey: 'vegetable-patch-spring',
    authorKey: 'maya',
    content: 'Radishes really are the confidence booster. Ours were ready to pull about four weeks after sowing.',
    daysAgo: 4,
  },
];

// ---------------------------------------------------------------------------
// Likes (never on the liker's own list)
// ---------------------------------------------------------------------------

export const demoLikes: DemoLike[] = [
  { checklistKey: 'moving-house-week-by-week', userKey: 'priya' },
  { checklistKey: 'moving-house-week-by-week', userKey: 'ollie' },
  { checklistKey: 'moving-house-week-by-week', userKey: 'sam' },
  { checklistKey: 'moving-house-week-by-week', userKey: 'leo' },
  { checklistKey: 'first-night-box', userKey: 'nina' },
  { checklistKey: 'first-night-box', userKey: 'priya' },
  { checklistKey: 'first-night-box', userKey: 'ollie' },
  { checklistKey: 'autumn-heating-check', userKey: 'tomas' },
  { checklistKey: 'autumn-heating-check', userKey: 'jordan' },
  { checklistKey: 'autumn-heating-check', userKey: 'priya' },
  { checklistKey: 'home-fire-safety-check', userKey: 'priya' },
  { checklistKey: 'home-fire-safety-check', userKey: 'ollie' },
  { checklistKey: 'home-fire-safety-check', userKey: 'sam' },
  { checklistKey: 'spring-gutters-and-garden', userKey: 'sam' },
  { checklistKey: 'spring-gutters-and-garden', userKey: 'tomas' },
  { checklistKey: 'hospital-bag-for-birth', userKey: 'maya' },
  { checklistKey: 'hospital-bag-for-birth', userKey: 'nina' },
  { checklistKey: 'hospital-bag-for-birth', userKey: 'leo' },
  { checklistKey: 'nursery-setup', userKey: 'tomas' },
  { checklistKey: 'nursery-setup', userKey: 'maya' },
  { checklistKey: 'first-week-home-with-newborn', userKey: 'tomas' },
  { checklistKey: 'first-week-home-with-newborn', userKey: 'leo' },
  { checklistKey: 'first-week-home-with-newborn', userKey: 'maya' },
  { checklistKey: 'baby-proofing-before-crawling', userKey: 'maya' },
  { checklistKey: 'baby-proofing-before-crawling', userKey: 'nina' },
  { checklistKey: 'weekend-car-camping-kit', userKey: 'leo' },
  { checklistKey: 'weekend-car-camping-kit', userKey: 'ollie' },
  { checklistKey: 'weekend-car-camping-kit', userKey: 'nina' },
  { checklistKey: 'weekend-car-camping-kit', userKey: 'maya' },
  { checklistKey: 'campsite-pack-up', userKey: 'maya' },
  { checklistKey: 'campsite-pack-up', userKey: 'tomas' },
  { checklistKey: 'first-wild-camp', userKey: 'leo' },
  { checklistKey: 'first-wild-camp', userKey: 'ollie' },
  { checklistKey: 'first-wild-camp', userKey: 'nina' },
  { checklistKey: 'pre-road-trip-car-check', userKey: 'leo' },
  { checklistKey: 'pre-road-trip-car-check', userKey: 'jordan' },
  { checklistKey: 'night-before-job-interview', userKey: 'ollie' },
  { checklistKey: 'night-before-job-interview', userKey: 'leo' },
  { checklistKey: 'night-before-job-interview', userKey: 'maya' },
  { checklistKey: 'night-before-job-interview', userKey: 'nina' },
  { checklistKey: 'research-company-before-interview', userKey: 'ollie' },
  { checklistKey: 'research-company-before-interview', userKey: 'maya' },
  { checklistKey: 'video-interview-setup', userKey: 'priya' },
  { checklistKey: 'video-interview-setup', userKey: 'nina' },
  { checklistKey: 'first-week-new-job', userKey: 'ollie' },
  { checklistKey: 'monthly-budget-review', userKey: 'ollie' },
  { checklistKey: 'monthly-budget-review', userKey: 'tomas' },
  { checklistKey: 'two-weeks-before-international-trip', userKey: 'sam' },
  { checklistKey: 'two-weeks-before-international-trip', userKey: 'priya' },
  { checklistKey: 'two-weeks-before-international-trip', userKey: 'nina' },
  { checklistKey: 'carry-on-only-packing', userKey: 'nina' },
  { checklistKey: 'carry-on-only-packing', userKey: 'jordan' },
  { checklistKey: 'carry-on-only-packing', userKey: 'ollie' },
  { checklistKey: 'leaving-home-for-holiday', userKey: 'maya' },
  { checklistKey: 'leaving-home-for-holiday', userKey: 'sam' },
  { checklistKey: 'wedding-abroad-guest', userKey: 'priya' },
  { checklistKey: 'exam-revision-week', userKey: 'jordan' },
  { checklistKey: 'exam-revision-week', userKey: 'nina' },
  { checklistKey: 'moving-into-student-halls', userKey: 'maya' },
  { checklistKey: 'student-budget-setup', userKey: 'jordan' },
  { checklistKey: 'couch-to-5k-first-week', userKey: 'ollie' },
  { checklistKey: 'couch-to-5k-first-week', userKey: 'jordan' },
  { checklistKey: 'race-day-morning', userKey: 'sam' },
  { checklistKey: 'new-dog-first-week', userKey: 'sam' },
  { checklistKey: 'new-dog-first-week', userKey: 'maya' },
  { checklistKey: 'sunday-meal-prep', userKey: 'jordan' },
  { checklistKey: 'sunday-meal-prep', userKey: 'ollie' },
  { checklistKey: 'stock-a-basic-pantry', userKey: 'ollie' },
  { checklistKey: 'dinner-party-for-eight', userKey: 'leo' },
  { checklistKey: 'vegetable-patch-spring', userKey: 'maya' },
];

// ---------------------------------------------------------------------------
// Completions: each completes the first `completedItems` items; all of them means finished.
// ---------------------------------------------------------------------------

export const demoCompletions: DemoCompletion[] = [
  { checklistKey: 'moving-house-week-by-week', userKey: 'priya', completedItems: 14 },
  { checklistKey: 'first-night-box', userKey: 'nina', completedItems: 11 },
  { checklistKey: 'autumn-heating-check', userKey: 'tomas', completedItems: 9 },
  { checklistKey: 'home-fire-safety-check', userKey: 'priya', completedItems: 9 },
  { checklistKey: 'home-fire-safety-check', userKey: 'ollie', completedItems: 6 },
  { checklistKey: 'spring-gutters-and-garden', userKey: 'tomas', completedItems: 4 },
  { checklistKey: 'weekend-car-camping-kit', userKey: 'ollie', completedItems: 12 },
  { checklistKey: 'weekend-car-camping-kit', userKey: 'leo', completedItems: 8 },
  { checklistKey: 'first-wild-camp', userKey: 'ollie', completedItems: 3 },
  { checklistKey: 'pre-road-trip-car-check', userKey: 'leo', completedItems: 10 },
  { checklistKey: 'pre-road-trip-car-check', userKey: 'jordan', completedItems: 7 },
  { checklistKey: 'night-before-job-interview', userKey: 'ollie', completedItems: 10 },
  { checklistKey: 'research-company-before-interview', userKey: 'ollie', completedItems: 5 },
  { checklistKey: 'video-interview-setup', userKey: 'priya', completedItems: 10 },
  { checklistKey: 'monthly-budget-review', userKey: 'ollie', completedItems: 9 },
  { checklistKey: 'two-weeks-before-international-trip', userKey: 'sam', completedItems: 6 },
  { checklistKey: 'two-weeks-before-international-trip', userKey: 'priya', completedItems: 10 },
  { checklistKey: 'leaving-home-for-holiday', userKey: 'maya', completedItems: 11 },
  { checklistKey: 'exam-revision-week', userKey: 'jordan', completedItems: 4 },
  { checklistKey: 'couch-to-5k-first-week', userKey: 'ollie', completedItems: 9 },
  { checklistKey: 'couch-to-5k-first-week', userKey: 'jordan', completedItems: 2 },
  { checklistKey: 'race-day-morning', userKey: 'sam', completedItems: 11 },
  { checklistKey: 'sunday-meal-prep', userKey: 'jordan', completedItems: 7 },
  { checklistKey: 'stock-a-basic-pantry', userKey: 'ollie', completedItems: 10 },
  { checklistKey: 'dinner-party-for-eight', userKey: 'leo', completedItems: 5 },
];

// ---------------------------------------------------------------------------
// Follows
// ---------------------------------------------------------------------------

export const demoFollows: DemoFollow[] = [
  { followerKey: 'ollie', followedKey: 'maya' },
  { followerKey: 'priya', followedKey: 'maya' },
  { followerKey: 'maya', followedKey: 'sam' },
  { followerKey: 'sam', followedKey: 'leo' },
  { followerKey: 'leo', followedKey: 'sam' },
  { followerKey: 'nina', followedKey: 'tomas' },
  { followerKey: 'tomas', followedKey: 'nina' },
  { followerKey: 'jordan', followedKey: 'tomas' },
  { followerKey: 'priya', followedKey: 'tomas' },
  { followerKey: 'ollie', followedKey: 'tomas' },
  { followerKey: 'leo', followedKey: 'nina' },
  { followerKey: 'sam', followedKey: 'nina' },
  { followerKey: 'maya', followedKey: 'priya' },
  { followerKey: 'nina', followedKey: 'leo' },
];
