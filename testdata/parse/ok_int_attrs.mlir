func.func @ints(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = "tf.Foo"(%arg0) {a = 1 : i64, b = -3, c = 0x10, d = 0x10 : i32, e = 127 : i8, f = -128 : i8, g = 255 : ui8, h = 255 : i8, i = 18446744073709551615 : ui64, j = -9223372036854775808 : i64, k = 1 : i1, l = 7 : index, m = -5 : si16, n = 0 : i32} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
