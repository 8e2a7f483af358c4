// sandjit-test: rtol=0 atol=0
// f64 -> f32 and f32 -> f16 round to nearest even (overflow to Inf, subnormals kept); f16 -> f32 is exact.
func.func @test(%V__0: tensor<?xf64> {python_test_attrs.static_type = tensor<20xf64>}, %V__1: tensor<?xf32> {python_test_attrs.static_type = tensor<24xf32>}, %V__2: tensor<?xf16> {python_test_attrs.static_type = tensor<16xf16>}) -> (tensor<?xf32>, tensor<?xf16>, tensor<?xf32>) {
  %0 = "tf.Cast"(%V__0) {Truncate = false, device = ""} : (tensor<?xf64>) -> tensor<?xf32>
  %1 = "tf.Cast"(%V__1) {Truncate = false, device = ""} : (tensor<?xf32>) -> tensor<?xf16>
  %2 = "tf.Cast"(%V__2) {Truncate = false, device = ""} : (tensor<?xf16>) -> tensor<?xf32>
  func.return %0, %1, %2 : tensor<?xf32>, tensor<?xf16>, tensor<?xf32>
}
