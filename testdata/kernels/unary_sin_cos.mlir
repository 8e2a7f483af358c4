// sandjit-test: rtol=1e-5 atol=1e-6
// Sin and Cos on [-100, 100], multiples of pi/2, +-Inf (NaN) and NaN.
func.func @test(%V__0: tensor<?xf32> {python_test_attrs.static_type = tensor<100xf32>}) -> (tensor<?xf32>, tensor<?xf32>) {
  %0 = "tf.Sin"(%V__0) {device = ""} : (tensor<?xf32>) -> tensor<?xf32>
  %1 = "tf.Cos"(%V__0) {device = ""} : (tensor<?xf32>) -> tensor<?xf32>
  func.return %0, %1 : tensor<?xf32>, tensor<?xf32>
}
