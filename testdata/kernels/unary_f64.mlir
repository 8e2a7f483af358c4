// f64 transcendental and elementwise ops (Exp overflow, Log1p of -1 and below, Sqrt of negatives, denormals).
func.func @test(%V__0: tensor<?x?xf64> {python_test_attrs.static_type = tensor<6x11xf64>}) -> (tensor<?x?xf64>, tensor<?x?xf64>, tensor<?x?xf64>, tensor<?x?xf64>, tensor<?x?xf64>, tensor<?x?xf64>, tensor<?x?xf64>) {
  %0 = "tf.Exp"(%V__0) {device = ""} : (tensor<?x?xf64>) -> tensor<?x?xf64>
  %1 = "tf.Log1p"(%V__0) {device = ""} : (tensor<?x?xf64>) -> tensor<?x?xf64>
  %2 = "tf.Sqrt"(%V__0) {device = ""} : (tensor<?x?xf64>) -> tensor<?x?xf64>
  %3 = "tf.Tanh"(%V__0) {device = ""} : (tensor<?x?xf64>) -> tensor<?x?xf64>
  %4 = "tf.Erf"(%V__0) {device = ""} : (tensor<?x?xf64>) -> tensor<?x?xf64>
  %5 = "tf.Sigmoid"(%V__0) {device = ""} : (tensor<?x?xf64>) -> tensor<?x?xf64>
  %6 = "tf.Cos"(%V__0) {device = ""} : (tensor<?x?xf64>) -> tensor<?x?xf64>
  func.return %0, %1, %2, %3, %4, %5, %6 : tensor<?x?xf64>, tensor<?x?xf64>, tensor<?x?xf64>, tensor<?x?xf64>, tensor<?x?xf64>, tensor<?x?xf64>, tensor<?x?xf64>
}
