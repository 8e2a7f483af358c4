// NaN and infinities as hex bit patterns in each float width; f16 rounding.
func.func @special() -> (tensor<4xf32>, tensor<3xf16>, tensor<2xf64>, tensor<4xf16>) {
  %0 = "tf.Const"() {value = dense<[0x7FC00000, 0x7F800000, 0xFF800000, 0x7FC00001]> : tensor<4xf32>} : () -> tensor<4xf32>
  %1 = "tf.Const"() {value = dense<[0x7E00, 0x7C00, 0xFC00]> : tensor<3xf16>} : () -> tensor<3xf16>
  %2 = "tf.Const"() {value = dense<[0x7FF8000000000000, 0xFFF0000000000000]> : tensor<2xf64>} : () -> tensor<2xf64>
  %3 = "tf.Const"() {value = dense<[1.0, 0.1, 65504.0, 5.96046448E-8]> : tensor<4xf16>} : () -> tensor<4xf16>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<3xf16>, tensor<2xf64>, tensor<4xf16>
}
