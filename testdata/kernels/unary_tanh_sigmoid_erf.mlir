// sandjit-test: rtol=1e-5 atol=1e-6
// Tanh, Sigmoid and Erf on [-10, 10] plus saturating values (+-20, +-100), tiny values and NaN/Inf.
func.func @test(%V__0: tensor<?x?xf32> {python_test_attrs.static_type = tensor<7x13xf32>}) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %0 = "tf.Tanh"(%V__0) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = "tf.Sigmoid"(%V__0) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = "tf.Erf"(%V__0) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %0, %1, %2 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}
