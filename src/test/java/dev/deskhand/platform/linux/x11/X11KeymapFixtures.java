package dev.deskhand.platform.linux.x11;

import java.util.Set;

/**
 * Golden fixtures: the core keymap of Debian 12's Xvfb (xkeyboard-config evdev, layout
 * us), as {@code XGetKeyboardMapping} returns it to the driver: 7 keysyms per keycode,
 * 8..255.
 */
final class X11KeymapFixtures {

	/** Keycodes in the modifier map of the same server ({@code xmodmap -pm}). */
	static final Set<Integer> XVFB_MODIFIERS = Set.of(64, 66, 37, 133, 134, 105, 203, 108, 205, 77, 206, 207, 50, 92,
			62);

	/**
	 * {@code keycode:keysym keysym ...} in hex, trailing NoSymbols left out; {@code ;}
	 * separates.
	 */
	private static final String XVFB_EVDEV_US = """
			8:; 9:ff1b 0 ff1b; 10:31 21 31 21
			11:32 40 32 40; 12:33 23 33 23; 13:34 24 34 24
			14:35 25 35 25; 15:36 5e 36 5e; 16:37 26 37 26
			17:38 2a 38 2a; 18:39 28 39 28; 19:30 29 30 29
			20:2d 5f 2d 5f; 21:3d 2b 3d 2b; 22:ff08 ff08 ff08 ff08
			23:ff09 fe20 ff09 fe20; 24:71 51 71 51; 25:77 57 77 57
			26:65 45 65 45; 27:72 52 72 52; 28:74 54 74 54
			29:79 59 79 59; 30:75 55 75 55; 31:69 49 69 49
			32:6f 4f 6f 4f; 33:70 50 70 50; 34:5b 7b 5b 7b
			35:5d 7d 5d 7d; 36:ff0d 0 ff0d; 37:ffe3 0 ffe3
			38:61 41 61 41; 39:73 53 73 53; 40:64 44 64 44
			41:66 46 66 46; 42:67 47 67 47; 43:68 48 68 48
			44:6a 4a 6a 4a; 45:6b 4b 6b 4b; 46:6c 4c 6c 4c
			47:3b 3a 3b 3a; 48:27 22 27 22; 49:60 7e 60 7e
			50:ffe1 0 ffe1; 51:5c 7c 5c 7c; 52:7a 5a 7a 5a
			53:78 58 78 58; 54:63 43 63 43; 55:76 56 76 56
			56:62 42 62 42; 57:6e 4e 6e 4e; 58:6d 4d 6d 4d
			59:2c 3c 2c 3c; 60:2e 3e 2e 3e; 61:2f 3f 2f 3f
			62:ffe2 0 ffe2; 63:ffaa ffaa ffaa ffaa ffaa ffaa 1008fe21; 64:ffe9 ffe7 ffe9 ffe7
			65:20 0 20; 66:ffe5 0 ffe5; 67:ffbe ffbe ffbe ffbe ffbe ffbe 1008fe01
			68:ffbf ffbf ffbf ffbf ffbf ffbf 1008fe02; 69:ffc0 ffc0 ffc0 ffc0 ffc0 ffc0 1008fe03; 70:ffc1 ffc1 ffc1 ffc1 ffc1 ffc1 1008fe04
			71:ffc2 ffc2 ffc2 ffc2 ffc2 ffc2 1008fe05; 72:ffc3 ffc3 ffc3 ffc3 ffc3 ffc3 1008fe06; 73:ffc4 ffc4 ffc4 ffc4 ffc4 ffc4 1008fe07
			74:ffc5 ffc5 ffc5 ffc5 ffc5 ffc5 1008fe08; 75:ffc6 ffc6 ffc6 ffc6 ffc6 ffc6 1008fe09; 76:ffc7 ffc7 ffc7 ffc7 ffc7 ffc7 1008fe0a
			77:ff7f 0 ff7f; 78:ff14 0 ff14; 79:ff95 ffb7 ff95 ffb7
			80:ff97 ffb8 ff97 ffb8; 81:ff9a ffb9 ff9a ffb9; 82:ffad ffad ffad ffad ffad ffad 1008fe23
			83:ff96 ffb4 ff96 ffb4; 84:ff9d ffb5 ff9d ffb5; 85:ff98 ffb6 ff98 ffb6
			86:ffab ffab ffab ffab ffab ffab 1008fe22; 87:ff9c ffb1 ff9c ffb1; 88:ff99 ffb2 ff99 ffb2
			89:ff9b ffb3 ff9b ffb3; 90:ff9e ffb0 ff9e ffb0; 91:ff9f ffae ff9f ffae
			92:fe03 0 fe03; 93:; 94:3c 3e 3c 3e 7c a6 7c
			95:ffc8 ffc8 ffc8 ffc8 ffc8 ffc8 1008fe0b; 96:ffc9 ffc9 ffc9 ffc9 ffc9 ffc9 1008fe0c; 97:
			98:ff26 0 ff26; 99:ff25 0 ff25; 100:ff23 0 ff23
			101:ff27 0 ff27; 102:ff22 0 ff22; 103:
			104:ff8d 0 ff8d; 105:ffe4 0 ffe4; 106:ffaf ffaf ffaf ffaf ffaf ffaf 1008fe20
			107:ff61 ff15 ff61 ff15; 108:ffea ffe8 ffea ffe8; 109:ff0a 0 ff0a
			110:ff50 0 ff50; 111:ff52 0 ff52; 112:ff55 0 ff55
			113:ff51 0 ff51; 114:ff53 0 ff53; 115:ff57 0 ff57
			116:ff54 0 ff54; 117:ff56 0 ff56; 118:ff63 0 ff63
			119:ffff 0 ffff; 120:; 121:1008ff12 0 1008ff12
			122:1008ff11 0 1008ff11; 123:1008ff13 0 1008ff13; 124:1008ff2a 0 1008ff2a
			125:ffbd 0 ffbd; 126:b1 0 b1; 127:ff13 ff6b ff13 ff6b
			128:1008ff4a 0 1008ff4a; 129:ffae ffae ffae ffae; 130:ff31 0 ff31
			131:ff34 0 ff34; 132:; 133:ffeb 0 ffeb
			134:ffec 0 ffec; 135:ff67 0 ff67; 136:ff69 0 ff69
			137:ff66 0 ff66; 138:1005ff70 0 1005ff70; 139:ff65 0 ff65
			140:1005ff71 0 1005ff71; 141:1008ff57 0 1008ff57; 142:1008ff6b 0 1008ff6b
			143:1008ff6d 0 1008ff6d; 144:ff68 0 ff68; 145:1008ff58 0 1008ff58
			146:ff6a 0 ff6a; 147:1008ff65 0 1008ff65; 148:1008ff1d 0 1008ff1d
			149:; 150:1008ff2f 0 1008ff2f; 151:1008ff2b 0 1008ff2b
			152:1008ff5d 0 1008ff5d; 153:1008ff7b 0 1008ff7b; 154:
			155:1008ff8a 0 1008ff8a; 156:1008ff41 0 1008ff41; 157:1008ff42 0 1008ff42
			158:1008ff2e 0 1008ff2e; 159:1008ff5a 0 1008ff5a; 160:1008ff2d 0 1008ff2d
			161:1008ff74 0 1008ff74; 162:1008ff7f 0 1008ff7f; 163:1008ff19 0 1008ff19
			164:1008ff30 0 1008ff30; 165:1008ff33 0 1008ff33; 166:1008ff26 0 1008ff26
			167:1008ff27 0 1008ff27; 168:; 169:1008ff2c 0 1008ff2c
			170:1008ff2c 0 1008ff2c; 171:1008ff17 0 1008ff17; 172:1008ff14 1008ff31 1008ff14 1008ff31
			173:1008ff16 0 1008ff16; 174:1008ff15 1008ff2c 1008ff15 1008ff2c; 175:1008ff1c 0 1008ff1c
			176:1008ff3e 0 1008ff3e; 177:1008ff6e 0 1008ff6e; 178:
			179:1008ff81 0 1008ff81; 180:1008ff18 0 1008ff18; 181:1008ff73 0 1008ff73
			182:1008ff56 0 1008ff56; 183:; 184:
			185:1008ff78 0 1008ff78; 186:1008ff79 0 1008ff79; 187:28 0 28
			188:29 0 29; 189:1008ff68 0 1008ff68; 190:ff66 0 ff66
			191:1008ff81 0 1008ff81; 192:1008ff45 0 1008ff45; 193:1008ff46 0 1008ff46
			194:1008ff47 0 1008ff47; 195:1008ff48 0 1008ff48; 196:1008ff49 0 1008ff49
			197:; 198:1008ffb2 0 1008ffb2; 199:1008ffa9 0 1008ffa9
			200:1008ffb0 0 1008ffb0; 201:1008ffb1 0 1008ffb1; 202:
			203:ff7e 0 ff7e; 204:0 ffe9 0 ffe9; 205:0 ffe7 0 ffe7
			206:0 ffeb 0 ffeb; 207:0 ffed 0 ffed; 208:1008ff14 0 1008ff14
			209:1008ff31 0 1008ff31; 210:1008ff43 0 1008ff43; 211:1008ff44 0 1008ff44
			212:1008ff4b 0 1008ff4b; 213:1008ffa7 0 1008ffa7; 214:1008ff56 0 1008ff56
			215:1008ff14 0 1008ff14; 216:1008ff97 0 1008ff97; 217:
			218:ff61 0 ff61; 219:; 220:1008ff8f 0 1008ff8f
			221:1008ffb6 0 1008ffb6; 222:; 223:1008ff19 0 1008ff19
			224:1008ff8e 0 1008ff8e; 225:1008ff1b 0 1008ff1b; 226:1008ff5f 0 1008ff5f
			227:1008ff3c 0 1008ff3c; 228:1008ff5e 0 1008ff5e; 229:1008ff36 0 1008ff36
			230:; 231:ff69 0 ff69; 232:1008ff03 0 1008ff03
			233:1008ff02 0 1008ff02; 234:1008ff32 0 1008ff32; 235:1008ff59 0 1008ff59
			236:1008ff04 0 1008ff04; 237:1008ff06 0 1008ff06; 238:1008ff05 0 1008ff05
			239:1008ff7b 0 1008ff7b; 240:1008ff72 0 1008ff72; 241:1008ff90 0 1008ff90
			242:1008ff77 0 1008ff77; 243:1008ff5b 0 1008ff5b; 244:1008ff93 0 1008ff93
			245:1008ff94 0 1008ff94; 246:1008ff95 0 1008ff95; 247:1008ff96 0 1008ff96
			248:; 249:1008fe22 0 1008fe22; 250:1008fe23 0 1008fe23
			251:1008ff07 0 1008ff07; 252:100810f4 0 100810f4; 253:100810f5 0 100810f5
			254:1008ffb4 0 1008ffb4; 255:1008ffb5 0 1008ffb5
			""";

	private X11KeymapFixtures() {
	}

	static X11Keymap xvfbEvdevUs() {
		int perKeycode = 7;
		long[] keysyms = new long[248 * perKeycode];
		for (String row : XVFB_EVDEV_US.strip().split("\\s*[;\\n]\\s*")) {
			String[] parts = row.split(":", 2);
			int keycode = Integer.parseInt(parts[0].strip());
			String[] columns = parts[1].strip().isEmpty() ? new String[0] : parts[1].strip().split(" ");
			for (int column = 0; column < columns.length; column++) {
				keysyms[(keycode - 8) * perKeycode + column] = Long.parseLong(columns[column], 16);
			}
		}
		return new X11Keymap(8, perKeycode, keysyms);
	}

	/**
	 * A keymap of {@code count} keycodes from 8 where every key types {@code keysym}
	 * unshifted.
	 */
	static X11Keymap uniform(int count, long keysym) {
		long[] keysyms = new long[count * 4];
		for (int keycode = 0; keycode < count; keycode++) {
			keysyms[keycode * 4] = keysym;
			keysyms[keycode * 4 + 2] = keysym;
		}
		return new X11Keymap(8, 4, keysyms);
	}

}
