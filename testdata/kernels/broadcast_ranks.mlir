// Operands of different ranks (1, 2, 3) broadcast against each other.
func.func @test(%V__0: tensor<?xf32> {python_test_attrs.static_type = tensor<13xf32>}, %V__1: tensor<?x?x?xf32> {python_test_attrs.static_type = tensor<2x7x13xf32>}, %V__2: tensor<?x?xf32> {python_test_attrs.static_type = tensor<7x13xf32>}) -> (tensor<?x?x?xf32>, tensor<?x?xf32>, tensor<?x?x?xf32>) {
  %0 = "tf.Sub"(%V__0, %V__1) {device = ""} : (tensor<?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %1 = "tf.Mul"(%V__2, %V__0) {device = ""} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %2 = "tf.AddV2"(%V__1, %V__2) {device = ""} : (tensor<?x?x?xf32>, tensor<?x?xf32>) -> tensor<?x?x?xf32>
  func.return %0, %1, %2 : tensor<?x?x?xf32>, tensor<?x?xf32>, tensor<?x?x?xf32>
}
