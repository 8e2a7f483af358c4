// sandjit-test: rtol=1e-5 atol=1e-6
// FloorMod by a broadcast divisor (with zeros), Sign, Relu6 and a row sum; inputs up to +-10000.
func.func @test(%V__0: tensor<?x?xf32> {python_test_attrs.static_type = tensor<6x10xf32>}, %V__1: tensor<?xf32> {python_test_attrs.static_type = tensor<10xf32>}) -> (tensor<?x?xf32>, tensor<?xf32>) {
  %dims = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.FloorMod"(%V__0, %V__1) {device = ""} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %1 = "tf.Sign"(%0) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = "tf.Mul"(%1, %V__0) {device = ""} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %3 = "tf.Relu6"(%2) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %4 = "tf.Sum"(%3, %dims) {keep_dims = false, device = ""} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
  %5 = "tf.Square"(%4) {device = ""} : (tensor<?xf32>) -> tensor<?xf32>
  func.return %0, %5 : tensor<?x?xf32>, tensor<?xf32>
}
