// sandjit-test: entry=forward rtol=1e-5 atol=1e-6
// Several functions; the header picks @forward (not @test, not the first one).
module {
  func.func private @helper(%arg0: tensor<?xf32>) -> tensor<?xf32> {
    %0 = "tf.Neg"(%arg0) {device = ""} : (tensor<?xf32>) -> tensor<?xf32>
    func.return %0 : tensor<?xf32>
  }
  func.func @test(%arg0: tensor<?xi32>) -> tensor<?xi32> {
    %0 = "tf.Abs"(%arg0) {device = ""} : (tensor<?xi32>) -> tensor<?xi32>
    func.return %0 : tensor<?xi32>
  }
  func.func @forward(%arg0: tensor<?x?xf32> {python_test_attrs.static_type = tensor<4x6xf32>}, %arg1: tensor<?xf32> {python_test_attrs.static_type = tensor<6xf32>}) -> tensor<?x?xf32> {
    %0 = "tf.Sigmoid"(%arg0) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
    %1 = "tf.Mul"(%0, %arg1) {device = ""} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
    %2 = "tf.Minimum"(%1, %arg0) {device = ""} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    func.return %2 : tensor<?x?xf32>
  }
}
